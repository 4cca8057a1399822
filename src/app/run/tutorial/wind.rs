//! The wind's lesson. The tutorial's run (level 1) has no wind, so the wind is taught where it
//! first blows: at each range of the first level with wind, until the player turns the sight
//! or fires, a card says what the flags show and how to aim against it, in the words of the
//! sight's buttons ([`crate::app::ui::words::AIM_LEFT`], [`crate::app::ui::words::AIM_RIGHT`]).

use super::card::draw_prompt;
use super::Prompt;
use crate::app::ui::words::Words;
use crate::course::levels::LEVELS;
use crate::shooting::StageView;

const TITLE: &str = "Wind: read the flags";
// Each of the card's lines one line at 360 wide: on a short phone (360x640) the range leaves
// the card 80 px between the target faces and the figures, a line each for its title, words
// and note at the smallest type.
const AIM_AGAINST_IT: Words = Words {
    touch: "Tap aim left or aim right",
    keys: "Q: aim left, E: aim right",
    mouse: None,
};
/// What the wind does to a shot, and the button that answers it: with the wind from the left,
/// and from the right.
const FROM_LEFT: &str = "Shots drift right: aim left";
const FROM_RIGHT: &str = "Shots drift left: aim right";

/// The first level whose ranges have wind, where the lesson is given.
pub fn first_windy_level() -> Option<u8> {
    LEVELS
        .iter()
        .find(|spec| spec.wind != 0.0)
        .map(|spec| spec.level)
}

/// The lesson for the stage seen, while it is still to learn: at a stage with wind, before the
/// first click or shot.
fn lesson(view: &StageView) -> Option<Prompt> {
    if view.wind_mean_mps == 0.0 || view.clicks != 0 || view.shots > 0 {
        return None;
    }
    let note = if view.wind_mean_mps < 0.0 {
        FROM_RIGHT
    } else {
        FROM_LEFT
    };
    Some(Prompt {
        title: TITLE,
        said: AIM_AGAINST_IT,
        note: Some(note),
    })
}

/// The lesson's cards, for the wind from the left and from the right.
#[cfg(test)]
pub(super) fn lessons() -> [Prompt; 2] {
    [FROM_LEFT, FROM_RIGHT].map(|note| Prompt {
        title: TITLE,
        said: AIM_AGAINST_IT,
        note: Some(note),
    })
}

/// Draw the lesson over the lens of the stage seen as `view`, while it is still to learn.
pub fn draw_wind_lesson(view: &StageView) {
    if let Some(prompt) = lesson(view) {
        draw_prompt(&prompt, None, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ui::words::{self, Device};
    use crate::sim::Run;

    /// Level `level`'s first stage as the player first sees it.
    fn first_view(level: u8) -> StageView {
        let course = crate::course::Course::level(level, 1, None).expect("the level exists");
        let mut run = Run::new(course);
        while run.stage_view().is_none() && !run.is_finished() {
            run.step(&[]);
        }
        run.stage_view().expect("a range is reached")
    }

    #[test]
    fn the_wind_is_taught_on_its_first_level_until_the_sight_is_clicked_or_a_shot_fired() {
        let windy = first_windy_level().expect("a level has wind");
        assert!(windy > 1, "the tutorial's level 1 is calm");
        let view = first_view(windy);
        let prompt = lesson(&view).expect("taught on arrival");
        let expected = if view.wind_mean_mps < 0.0 {
            FROM_RIGHT
        } else {
            FROM_LEFT
        };
        assert_eq!(prompt.note, Some(expected));
        assert_eq!(lesson(&StageView { clicks: 1, ..view }), None);
        assert_eq!(lesson(&StageView { shots: 1, ..view }), None);
        assert_eq!(
            lesson(&first_view(1)),
            None,
            "no lesson where no wind blows"
        );
    }

    /// "Click left" is biathlon's word, not a new player's: the lesson names the sight's
    /// buttons by their labels, and the answer to each wind is the button it names.
    #[test]
    fn the_lesson_says_the_buttons_words_and_no_jargon() {
        for device in [Device::Touch, Device::Keys, Device::Mouse] {
            let said = AIM_AGAINST_IT.for_device(device);
            assert!(!said.to_lowercase().contains("click"), "{said}");
            let labels = [words::AIM_LEFT, words::AIM_RIGHT];
            assert!(
                labels.iter().all(|label| said.contains(label)),
                "{device:?}: {said}"
            );
        }
        for (note, answer) in [(FROM_LEFT, words::AIM_LEFT), (FROM_RIGHT, words::AIM_RIGHT)] {
            assert!(!note.contains("click"), "{note}");
            assert!(note.ends_with(&format!(": {answer}")), "{note}");
        }
    }
}
