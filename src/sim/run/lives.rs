//! Endless's lives: a run starts with [`ENDLESS_LIVES`], a crash takes one, and the run ends
//! when the last one goes — unless the player buys the run's one second chance while it is
//! offered ([`SECOND_CHANCE_OFFER_TICKS`], for [`SECOND_CHANCE_PRICE`] coins). The offer and its
//! answer are ticks and actions like any other, so a replay reproduces them.

use crate::sim::Action;

/// Lives an Endless run starts with.
pub const ENDLESS_LIVES: u8 = 3;
/// Coins a second chance costs (spent from the run's coins as extra rounds are: a choice, not a
/// crash).
pub const SECOND_CHANCE_PRICE: u32 = 50;
/// How long the second chance is offered once the last life has gone, ticks (5 s).
pub const SECOND_CHANCE_OFFER_TICKS: u32 = 300;

/// What a crash leaves the run with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AfterCrash {
    /// Lives are left: ski on.
    SkiOn,
    /// The last life went and a second chance is offered.
    Offered,
    /// The last life went: the run is over.
    Out,
}

/// How the player answered the offer this tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Answer {
    /// Bought: one life back, ski on.
    Bought,
    /// Declined, or the offer ran out: the run is over.
    Declined,
    /// No answer yet.
    Waiting,
}

/// An Endless run's lives and its second chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Lives {
    left: u8,
    chance_used: bool,
    /// Ticks the second chance is still offered (0: not offered).
    offer_left: u32,
    /// The last life has gone for good.
    out: bool,
}

impl Default for Lives {
    fn default() -> Self {
        Self {
            left: ENDLESS_LIVES,
            chance_used: false,
            offer_left: 0,
            out: false,
        }
    }
}

impl Lives {
    /// Lives left.
    pub(super) fn left(self) -> u8 {
        self.left
    }

    /// Whether the last life has gone for good.
    pub(super) fn out(self) -> bool {
        self.out
    }

    /// Whether the second chance is on offer now (the run holds meanwhile).
    pub(super) fn offered(self) -> bool {
        self.offer_left > 0
    }

    /// Ticks the offer still stands.
    pub(super) fn offer_left(self) -> u32 {
        self.offer_left
    }

    /// Whether nothing has happened to them yet (a run's hash leaves them out then, so runs
    /// without a crash keep their old hashes).
    pub(super) fn untouched(self) -> bool {
        self == Self::default()
    }

    /// A crash takes a life; with the last one, a second chance is offered if the run has
    /// not used it and `can_pay`.
    pub(super) fn crash(&mut self, can_pay: bool) -> AfterCrash {
        self.left = self.left.saturating_sub(1);
        if self.left > 0 {
            AfterCrash::SkiOn
        } else if !self.chance_used && can_pay {
            self.offer_left = SECOND_CHANCE_OFFER_TICKS;
            AfterCrash::Offered
        } else {
            self.out = true;
            AfterCrash::Out
        }
    }

    /// One tick of the offer with that tick's `actions` (a purchase the run cannot pay for
    /// counts as no answer).
    pub(super) fn answer(&mut self, actions: &[Action], can_pay: bool) -> Answer {
        if can_pay && actions.contains(&Action::SecondChance) {
            self.offer_left = 0;
            self.chance_used = true;
            self.left = 1;
            return Answer::Bought;
        }
        self.offer_left -= 1;
        if actions.contains(&Action::GiveUp) || self.offer_left == 0 {
            self.offer_left = 0;
            self.out = true;
            return Answer::Declined;
        }
        Answer::Waiting
    }

    /// Everything that decides what follows, for the state hash.
    pub(super) fn hash_parts(self) -> [i64; 4] {
        [
            i64::from(self.left),
            i64::from(self.chance_used),
            i64::from(self.offer_left),
            i64::from(self.out),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_crash_ends_the_run_unless_the_chance_is_bought() {
        let mut lives = Lives::default();
        assert_eq!(lives.crash(true), AfterCrash::SkiOn);
        assert_eq!(lives.crash(true), AfterCrash::SkiOn);
        assert_eq!(lives.crash(true), AfterCrash::Offered);
        assert_eq!(lives.answer(&[], true), Answer::Waiting);
        assert_eq!(lives.answer(&[Action::SecondChance], true), Answer::Bought);
        assert_eq!(lives.left(), 1);
        // One second chance per run.
        assert_eq!(lives.crash(true), AfterCrash::Out);
        assert!(lives.out());
    }

    #[test]
    fn an_offer_runs_out_or_is_declined() {
        let mut poor = Lives::default();
        for _ in 1..ENDLESS_LIVES {
            poor.crash(false);
        }
        assert_eq!(poor.crash(false), AfterCrash::Out);
        let mut waiting = Lives {
            left: 1,
            ..Lives::default()
        };
        waiting.crash(true);
        for _ in 1..SECOND_CHANCE_OFFER_TICKS {
            assert_eq!(
                waiting.answer(&[Action::SecondChance], false),
                Answer::Waiting
            );
        }
        assert_eq!(waiting.answer(&[], true), Answer::Declined);
        let mut declined = Lives {
            left: 1,
            ..Lives::default()
        };
        declined.crash(true);
        assert_eq!(declined.answer(&[Action::GiveUp], true), Answer::Declined);
        assert!(declined.out() && !declined.offered());
    }
}
