//! The run's answers on screen: the HUD, camera and overlay handler of the run's events. A coin
//! pops (a sparkle where the skier is, the coin counter bumps), a crash flashes the screen's
//! edge red and (Endless) takes a heart, a near miss earns a word and a style bonus, a lane
//! change leans the camera, a trick names itself and its landing pays aloud, a power-up taken names itself (and holds a chip with its time on
//! the HUD), a penalty loop's gate says whether the skier went through it (and
//! the gates are tallied), the finish throws confetti while its time counts up. Drawn only:
//! the run never knows ([`crate::sim::RunEvent`]s are output).

mod offer;
mod overlay;
pub(crate) mod penalty_view;
mod power_chips;
pub(crate) mod sounds;

pub use offer::{draw_offer, offer_card};
pub use overlay::{draw_feel, draw_hearts, hearts_span};
pub use power_chips::{draw_power_chips, power_name};

use crate::sim::RunEvent;
use glam::DVec3;

/// Style points for a near miss: shown with its word and at the finish, never in the score
/// (the score is the replays' and goldens' rule; a style tally is the edge's).
pub const NEAR_MISS_BONUS: u32 = 25;
/// How long a coin's bump of the counter and its sparkle last, seconds.
const COIN_POP_S: f64 = 0.5;
/// How long a crash's red edge lasts, seconds.
const FLASH_S: f64 = 0.8;
/// How long a word floats, seconds.
const WORD_S: f64 = 1.1;
/// The camera's lean in a lane change: how far sideways it swings, metres, and for how long.
const LEAN_M: f64 = 0.35;
const LEAN_S: f64 = 0.45;
/// Share of the eye's lean the look point takes (less: the view turns into the change).
const LEAN_LOOK_SHARE: f64 = 0.4;
/// Streak from which a coin line earns a word.
const LINE_WORD_STREAK: u32 = 5;

/// A word floating up from the skier.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    pub text: String,
    pub kind: WordKind,
    /// Seconds since it appeared.
    pub age: f64,
}

/// What a word is about (its colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WordKind {
    Good,
    Bad,
}

/// What the run's events leave on screen, ageing frame by frame.
#[derive(Debug, Clone, Default)]
pub struct RunFeel {
    /// Seconds since the last coin, and how many coins have popped (the sparkle's seed).
    since_coin: Option<f64>,
    coins_popped: u64,
    since_crash: Option<f64>,
    /// The last lane change: its direction (±1 along world x) and its age.
    lean: Option<(f64, f64)>,
    since_finish: Option<f64>,
    words: Vec<Word>,
    near_misses: u32,
}

impl RunFeel {
    /// The HUD's and camera's handler: remember what `event` leaves to show.
    pub fn note(&mut self, event: &RunEvent) {
        match *event {
            RunEvent::CoinTaken { streak, .. } => {
                self.since_coin = Some(0.0);
                self.coins_popped += 1;
                if streak >= LINE_WORD_STREAK && streak % LINE_WORD_STREAK == 0 {
                    self.say(format!("Coin line ×{streak}"), WordKind::Good);
                }
            }
            RunEvent::ObstacleHit { .. } => self.since_crash = Some(0.0),
            // Forgiven: no red edge, but the player is told the next one counts.
            RunEvent::Stumbled { .. } => self.say(STUMBLE_WORD.to_owned(), WordKind::Bad),
            RunEvent::LifeLost { lives_left } => self.say(lives_word(lives_left), WordKind::Bad),
            RunEvent::SecondChanceTaken => self.say("Second chance!".to_owned(), WordKind::Good),
            RunEvent::PickupTaken { kind, .. } => {
                self.say(format!("{}!", power_name(kind)), WordKind::Good);
            }
            RunEvent::Shielded { .. } => self.say("Shield held!".to_owned(), WordKind::Good),
            RunEvent::TrickStarted { trick } => self.say(trick_word(trick), WordKind::Good),
            RunEvent::TrickLanded { tricks, coins } => {
                self.say(landed_word(tricks, coins), WordKind::Good);
            }
            RunEvent::RouteTaken { high, .. } => {
                let word = if high { "High trail!" } else { "Low trail" };
                self.say(word.to_owned(), WordKind::Good);
            }
            RunEvent::LaneRefused { .. } => self.say("Fence!".to_owned(), WordKind::Bad),
            RunEvent::TrickFailed => {
                self.since_crash = Some(0.0);
                self.say("Trick not landed!".to_owned(), WordKind::Bad);
            }
            RunEvent::NearMiss { .. } => {
                self.near_misses += 1;
                self.say(format!("Close! +{NEAR_MISS_BONUS}"), WordKind::Good);
            }
            RunEvent::LaneChange { from, to } => {
                let side = if to > from { 1.0 } else { -1.0 };
                self.lean = Some((side, 0.0));
            }
            RunEvent::Finished | RunEvent::OutOfLives => self.since_finish = Some(0.0),
            _ => {}
        }
    }

    fn say(&mut self, text: String, kind: WordKind) {
        // A word said again while it floats restarts rather than stacking.
        self.words.retain(|word| word.text != text);
        self.words.push(Word {
            text,
            kind,
            age: 0.0,
        });
    }

    /// Let `frame_s` seconds pass.
    pub fn pass(&mut self, frame_s: f64) {
        for since in [
            &mut self.since_coin,
            &mut self.since_crash,
            &mut self.since_finish,
        ]
        .into_iter()
        .flatten()
        {
            *since += frame_s;
        }
        if let Some((_, age)) = &mut self.lean {
            *age += frame_s;
        }
        for word in &mut self.words {
            word.age += frame_s;
        }
        self.words.retain(|word| word.age < WORD_S);
    }

    /// The coin counter's bump now, 0–1 (1 right at a coin).
    pub fn coin_bump(&self) -> f32 {
        fading(self.since_coin, COIN_POP_S) as f32
    }

    /// The coin sparkle: its age as a share of its life, and its seed (`None`: none shown).
    pub fn sparkle(&self) -> Option<(f64, u64)> {
        let age = self.since_coin.filter(|&s| s < COIN_POP_S)?;
        Some((age / COIN_POP_S, self.coins_popped))
    }

    /// The crash's red edge now, 0–1.
    pub fn flash(&self) -> f32 {
        fading(self.since_crash, FLASH_S) as f32
    }

    /// Seconds since the finish (or the last life), if the run is over.
    pub fn since_finish(&self) -> Option<f64> {
        self.since_finish
    }

    /// The words floating now.
    pub fn words(&self) -> &[Word] {
        &self.words
    }

    /// Near misses so far, and the style points they earned.
    pub fn near_misses(&self) -> (u32, u32) {
        (self.near_misses, self.near_misses * NEAR_MISS_BONUS)
    }

    /// The camera's lean now: (eye offset, look point offset), world metres. It swings out
    /// and back over the change (a sine arch), never past [`LEAN_M`].
    pub fn lean(&self) -> (DVec3, DVec3) {
        let Some((side, age)) = self.lean.filter(|&(_, age)| age < LEAN_S) else {
            return (DVec3::ZERO, DVec3::ZERO);
        };
        let arch = (age / LEAN_S * std::f64::consts::PI).sin();
        let eye = DVec3::X * side * LEAN_M * arch;
        (eye, eye * LEAN_LOOK_SHARE)
    }
}

/// What the run's first, forgiven crash says.
pub const STUMBLE_WORD: &str = "Stumble! Next crash counts";

/// What a lost life says.
fn lives_word(lives_left: u8) -> String {
    match lives_left {
        0 => "Last life gone".to_owned(),
        1 => "1 life left".to_owned(),
        n => format!("{n} lives left"),
    }
}

/// 1 at the event, falling to 0 over `span` seconds (0 without one).
fn fading(since: Option<f64>, span: f64) -> f64 {
    since.map_or(0.0, |s| (1.0 - s / span).clamp(0.0, 1.0))
}

/// The word a trick in the air says.
fn trick_word(trick: crate::sim::skier::Trick) -> String {
    match trick {
        crate::sim::skier::Trick::Spread => "Spread!".to_owned(),
        crate::sim::skier::Trick::Tuck => "Tuck!".to_owned(),
    }
}

/// The word a landing with `tricks` tricks done says, with the coins they paid.
fn landed_word(tricks: u8, coins: u32) -> String {
    match tricks {
        1 => format!("Landed! +{coins}"),
        2 => format!("Double! +{coins}"),
        _ => format!("{tricks} tricks! +{coins}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Lane;
    use crate::sim::RunEvent;

    #[test]
    fn each_answer_shows_at_once_and_dies_away() {
        let mut feel = RunFeel::default();
        feel.note(&RunEvent::CoinTaken {
            coin: 0,
            lane: Lane::MIDDLE,
            streak: 5,
        });
        feel.note(&RunEvent::NearMiss { obstacle: 3 });
        feel.note(&RunEvent::LaneChange {
            from: Lane::MIDDLE,
            to: Lane::RIGHT,
        });
        assert_eq!(feel.coin_bump(), 1.0);
        assert_eq!(feel.words().len(), 2);
        assert_eq!(feel.near_misses(), (1, NEAR_MISS_BONUS));
        feel.pass(LEAN_S / 2.0);
        assert!(feel.lean().0.x > LEAN_M * 0.9);
        feel.pass(WORD_S);
        assert_eq!(feel.coin_bump(), 0.0);
        assert_eq!(feel.lean().0, DVec3::ZERO);
        assert!(feel.words().is_empty());
        assert_eq!(feel.flash(), 0.0);
        feel.note(&RunEvent::ObstacleHit {
            obstacle: 4,
            class: crate::course::ObstacleClass::Dodge,
            coins_lost: 0,
        });
        assert_eq!(feel.flash(), 1.0);
    }

    #[test]
    fn a_stumble_is_told_in_words_without_the_crash_edge() {
        let mut feel = RunFeel::default();
        feel.note(&RunEvent::Stumbled {
            obstacle: 2,
            class: crate::course::ObstacleClass::Jump,
        });
        assert_eq!(feel.flash(), 0.0);
        assert_eq!(feel.words().len(), 1);
        assert_eq!(feel.words()[0].text, STUMBLE_WORD);
    }
}
