-- The near-copy rule compares skiing inputs by their tick within a stretch of skiing (the
-- contract's Prints since this version): prints kept before it (every input, by absolute tick)
-- cannot be compared, so they are emptied. Those runs still count for exact copies (their
-- inputs_sha256); a run with no prints is never judged a near-copy.
UPDATE run_prints SET prints = '';
