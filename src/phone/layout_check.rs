//! Whether a drawn screen reads on a phone: what a frame drew where (each text's box and font
//! size, each card, each badge such as a medal's disc), and the faults in it — text smaller
//! than the floor, a text over another text or a badge, a text straddling a card's edge.
//!
//! The window records a frame's boxes (`latu play --show SCREEN --stats FILE` writes them as
//! `layout`); this check is pure, so it is tested here without a window and run by the window
//! tests on every screen at several sizes.

use serde::{Deserialize, Serialize};

/// The smallest font size a player is asked to read, in layout units (a pixel on a 360 dp wide
/// phone): Android's body text.
pub const SMALLEST_TEXT: f32 = 16.0;

/// Boxes touching by less than this many pixels either way do not count as overlapping
/// (rounding, and glyphs' boxes that meet at a line's edge).
const SLACK_PX: f32 = 1.0;

/// A copy of the same text shifted by less than this share of its size is its shadow or its
/// outline, not a second text.
const SHADOW_SHARE: f32 = 0.2;

/// A box on screen, pixels: left, top, right, bottom.
pub type Box2 = [f32; 4];

/// One text as drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DrawnText {
    /// What it says.
    pub text: String,
    /// Its font size, pixels.
    pub px: f32,
    /// Where its ink is.
    #[serde(rename = "box")]
    pub at: Box2,
    /// A word flying over the world for a moment (a coin's "+1", "Gate!"): held to the size
    /// floor only, as it has no place in the layout.
    #[serde(default)]
    pub floating: bool,
}

/// What one frame drew where.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DrawnLayout {
    /// Every text, in drawing order.
    pub texts: Vec<DrawnText>,
    /// Cards and panels text sits on.
    pub cards: Vec<Box2>,
    /// Badges and icons no text may cover (medal discs, coins).
    pub badges: Vec<Box2>,
}

/// What is wrong in a drawn frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// A text drawn smaller than the floor.
    Small {
        /// The text.
        text: String,
        /// Its font size, pixels.
        px: f32,
    },
    /// Two texts over each other.
    Overlap {
        /// The one drawn first.
        first: String,
        /// The one drawn over it.
        second: String,
    },
    /// A text under or over a badge.
    OnBadge {
        /// The text.
        text: String,
    },
    /// A text partly on a card and partly off it.
    AcrossCard {
        /// The text.
        text: String,
    },
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Small { text, px } => write!(f, "\"{text}\" at {px} px"),
            Self::Overlap { first, second } => write!(f, "\"{second}\" over \"{first}\""),
            Self::OnBadge { text } => write!(f, "\"{text}\" on a badge"),
            Self::AcrossCard { text } => write!(f, "\"{text}\" across a card's edge"),
        }
    }
}

fn overlap(a: Box2, b: Box2) -> bool {
    a[0] + SLACK_PX < b[2]
        && b[0] + SLACK_PX < a[2]
        && a[1] + SLACK_PX < b[3]
        && b[1] + SLACK_PX < a[3]
}

fn inside(inner: Box2, outer: Box2) -> bool {
    inner[0] >= outer[0] - SLACK_PX
        && inner[1] >= outer[1] - SLACK_PX
        && inner[2] <= outer[2] + SLACK_PX
        && inner[3] <= outer[3] + SLACK_PX
}

/// Whether `b` is `a`'s shadow or outline: the same words a little shifted.
fn is_copy(a: &DrawnText, b: &DrawnText) -> bool {
    let near = a.px.max(b.px) * SHADOW_SHARE;
    a.text == b.text && (a.at[0] - b.at[0]).abs() < near && (a.at[1] - b.at[1]).abs() < near
}

impl DrawnLayout {
    /// The smallest font size drawn, pixels (`None` for a frame without text).
    pub fn smallest_px(&self) -> Option<f32> {
        self.texts.iter().map(|text| text.px).reduce(f32::min)
    }

    /// Every fault, with `floor_px` the smallest font size allowed (pixels).
    pub fn faults(&self, floor_px: f32) -> Vec<Fault> {
        let texts: Vec<&DrawnText> = self
            .texts
            .iter()
            .filter(|text| !text.text.trim().is_empty())
            .collect();
        let mut faults: Vec<Fault> = texts
            .iter()
            .filter(|text| text.px < floor_px)
            .map(|text| Fault::Small {
                text: text.text.clone(),
                px: text.px,
            })
            .collect();
        let texts: Vec<&DrawnText> = texts.into_iter().filter(|text| !text.floating).collect();
        for (i, a) in texts.iter().enumerate() {
            for b in &texts[i + 1..] {
                if overlap(a.at, b.at) && !is_copy(a, b) {
                    faults.push(Fault::Overlap {
                        first: a.text.clone(),
                        second: b.text.clone(),
                    });
                }
            }
        }
        for text in &texts {
            if self.badges.iter().any(|badge| overlap(text.at, *badge)) {
                faults.push(Fault::OnBadge {
                    text: text.text.clone(),
                });
            }
            let across = self
                .cards
                .iter()
                .any(|card| overlap(text.at, *card) && !inside(text.at, *card));
            if across {
                faults.push(Fault::AcrossCard {
                    text: text.text.clone(),
                });
            }
        }
        faults
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(words: &str, px: f32, at: Box2) -> DrawnText {
        DrawnText {
            text: words.to_owned(),
            px,
            at,
            floating: false,
        }
    }

    #[test]
    fn a_clean_frame_has_no_faults() {
        let frame = DrawnLayout {
            texts: vec![
                text("Track 1", 22.0, [40.0, 10.0, 120.0, 30.0]),
                text("Best 1:02", 18.0, [40.0, 40.0, 150.0, 58.0]),
            ],
            cards: vec![[0.0, 0.0, 200.0, 100.0]],
            badges: vec![[10.0, 10.0, 30.0, 30.0]],
        };
        assert_eq!(frame.faults(SMALLEST_TEXT), vec![]);
        assert_eq!(frame.smallest_px(), Some(18.0));
    }

    #[test]
    fn small_text_overlaps_badges_and_card_edges_are_each_a_fault() {
        let frame = DrawnLayout {
            texts: vec![
                text("1.", 7.0, [0.0, 0.0, 10.0, 8.0]),
                text("Replay", 22.0, [50.0, 50.0, 130.0, 70.0]),
                text("Best run", 22.0, [60.0, 60.0, 160.0, 80.0]),
                text("Track 1", 22.0, [200.0, 0.0, 280.0, 20.0]),
                text("Settings", 22.0, [300.0, 90.0, 400.0, 112.0]),
            ],
            cards: vec![[290.0, 100.0, 500.0, 300.0]],
            badges: vec![[190.0, 0.0, 215.0, 20.0]],
        };
        let faults = frame.faults(SMALLEST_TEXT);
        assert!(faults.contains(&Fault::Small {
            text: "1.".to_owned(),
            px: 7.0
        }));
        assert!(faults.contains(&Fault::Overlap {
            first: "Replay".to_owned(),
            second: "Best run".to_owned()
        }));
        assert!(faults.contains(&Fault::OnBadge {
            text: "Track 1".to_owned()
        }));
        assert!(faults.contains(&Fault::AcrossCard {
            text: "Settings".to_owned()
        }));
        assert_eq!(faults.len(), 4, "{faults:?}");
    }

    #[test]
    fn a_texts_own_shadow_is_not_an_overlap_but_the_same_words_elsewhere_are() {
        let word = text("Nice!", 40.0, [100.0, 100.0, 200.0, 140.0]);
        let shadow = text("Nice!", 40.0, [102.0, 102.0, 202.0, 142.0]);
        let frame = DrawnLayout {
            texts: vec![word.clone(), shadow],
            ..DrawnLayout::default()
        };
        assert_eq!(frame.faults(SMALLEST_TEXT), vec![]);
        let moved = text("Nice!", 40.0, [150.0, 110.0, 250.0, 150.0]);
        let frame = DrawnLayout {
            texts: vec![word, moved],
            ..DrawnLayout::default()
        };
        assert_eq!(frame.faults(SMALLEST_TEXT).len(), 1);
    }

    #[test]
    fn a_floating_word_is_held_to_the_size_floor_but_not_to_places() {
        let card = [0.0, 0.0, 100.0, 100.0];
        let mut word = text("Gate!", 30.0, [80.0, 50.0, 160.0, 80.0]);
        word.floating = true;
        let mut small = text("+1", 10.0, [300.0, 0.0, 320.0, 10.0]);
        small.floating = true;
        let frame = DrawnLayout {
            texts: vec![word, small],
            cards: vec![card],
            badges: Vec::new(),
        };
        assert_eq!(
            frame.faults(SMALLEST_TEXT),
            vec![Fault::Small {
                text: "+1".to_owned(),
                px: 10.0
            }]
        );
    }
}
