//! A run of touch drags written compactly (replay format 3, [`super::packing`]): each drag's
//! (dx, dy) as two zigzag numbers (0, −1, 1, −2 … as 0, 1, 2, 3 …), each number in groups of 5
//! bits, lowest first, one character per group from the URL-safe base64 alphabet, the group's
//! sixth bit set when another group of the same number follows; ticks follow each other with
//! nothing between, and a second drag on the same tick (a screen drawing faster than the
//! simulation's 60 ticks a second hands a tick each of its frames' drags) follows its tick's
//! first after a [`SAME_TICK`]. A thumb's drag moves the sight a few to a few dozen units a
//! tick, so a tick is 2–4 characters; the largest nudge a tick allows
//! (`crate::shooting::controls::MAX_AIM_UNITS_PER_TICK`) is 3 a number, 6 a drag.

/// The 64 characters, by value: plain JSON text, nothing to escape.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/// Written before a drag on the same tick as the one before it.
const SAME_TICK: char = '.';
/// The bits of a number each character carries.
const GROUP_BITS: u32 = 5;
/// The bit saying another group follows.
const MORE: u8 = 1 << GROUP_BITS;
/// The groups an `i32` takes at most (32 bits, 5 a group).
const MOST_GROUPS: usize = 7;

/// One tick's drags, in order (one or more).
pub type TickDrags = Vec<(i32, i32)>;

/// The ticks' drags as text.
pub fn encode(ticks: &[TickDrags]) -> String {
    let mut text = String::with_capacity(ticks.len() * 4);
    for drags in ticks {
        for (n, &(dx, dy)) in drags.iter().enumerate() {
            if n > 0 {
                text.push(SAME_TICK);
            }
            push(&mut text, dx);
            push(&mut text, dy);
        }
    }
    text
}

fn push(text: &mut String, value: i32) {
    // Zigzag: small magnitudes, either sign, become small numbers.
    let mut rest = ((value << 1) ^ (value >> 31)) as u32;
    loop {
        let group = (rest & u32::from(MORE - 1)) as u8;
        rest >>= GROUP_BITS;
        let more = if rest == 0 { 0 } else { MORE };
        text.push(char::from(ALPHABET[usize::from(group | more)]));
        if rest == 0 {
            return;
        }
    }
}

/// The ticks' drags `text` spells, at most `most` ticks; else what is wrong with it.
pub fn decode(text: &str, most: u64) -> Result<Vec<TickDrags>, String> {
    let mut ticks: Vec<TickDrags> = Vec::new();
    let mut numbers = Vec::with_capacity(2);
    let mut value = 0_u64;
    let mut groups = 0;
    let mut same_tick = false;
    for (at, byte) in text.bytes().enumerate() {
        if char::from(byte) == SAME_TICK {
            if groups != 0 || !numbers.is_empty() || ticks.is_empty() || same_tick {
                return Err(format!(
                    "holds {SAME_TICK:?} at {at}, not after a whole drag"
                ));
            }
            same_tick = true;
            continue;
        }
        let digit =
            ALPHABET.iter().position(|&c| c == byte).ok_or_else(|| {
                format!("holds {:?} at {at}, not a drag character", char::from(byte))
            })? as u8;
        value |= u64::from(digit & (MORE - 1)) << (GROUP_BITS * groups as u32);
        groups += 1;
        if digit & MORE != 0 {
            if groups == MOST_GROUPS {
                return Err(format!("holds a number too long at {at}"));
            }
            continue;
        }
        let zigzag =
            u32::try_from(value).map_err(|_| format!("holds a number too large at {at}"))?;
        numbers.push((zigzag >> 1) as i32 ^ -((zigzag & 1) as i32));
        (value, groups) = (0, 0);
        if let [dx, dy] = numbers[..] {
            numbers.clear();
            match ticks.last_mut() {
                Some(tick) if same_tick => tick.push((dx, dy)),
                _ => ticks.push(vec![(dx, dy)]),
            }
            same_tick = false;
            if ticks.len() as u64 > most {
                return Err(format!("spells more than {most} ticks"));
            }
        }
    }
    if groups != 0 || !numbers.is_empty() || same_tick {
        return Err("ends in the middle of a drag".to_owned());
    }
    Ok(ticks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drags_read_back_as_written_from_the_smallest_to_the_largest() {
        let ticks = vec![
            vec![(0, 0)],
            vec![(1, -1)],
            vec![(-16, 15), (3, 4)],
            vec![(9210, -9210)],
            vec![(i32::MAX, i32::MIN), (0, 0), (1, 1)],
        ];
        let text = encode(&ticks);
        assert_eq!(&text[..2], "AA");
        assert_eq!(&text[2..4], "CB");
        assert_eq!(text.matches(SAME_TICK).count(), 3);
        assert_eq!(decode(&text, 10), Ok(ticks));
        // The largest nudge a tick allows is 3 characters a number.
        assert_eq!(encode(&[vec![(9210, -9210)]]).len(), 6);
    }

    #[test]
    fn text_that_is_no_drags_is_refused() {
        assert!(decode("A", 10).is_err(), "half a drag");
        assert!(
            decode("Ag", 10).is_err(),
            "a number that goes on past the end"
        );
        assert!(decode("A=", 10).is_err(), "not a drag character");
        assert!(decode("gggggggA", 10).is_err(), "longer than an i32");
        assert!(decode("ggggggHAA", 10).is_err(), "past an i32's bits");
        assert!(decode("AAAAAA", 2).is_err(), "more ticks than allowed");
        assert!(
            decode(".AA", 2).is_err(),
            "a same-tick drag with none before"
        );
        assert!(decode("A.A", 2).is_err(), "a same-tick mark inside a drag");
        assert!(decode("AA..AA", 2).is_err(), "two marks");
        assert!(decode("AA.", 2).is_err(), "a mark at the end");
        assert_eq!(decode("AA.AA", 1), Ok(vec![vec![(0, 0), (0, 0)]]));
        assert_eq!(decode("", 2), Ok(Vec::new()));
    }
}
