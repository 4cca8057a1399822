//! The wind's lesson. The tutorial's run (level 1) has no wind, so the wind is taught where it
//! first blows: at each range of the first level with wind, until the player clicks the sight
//! or fires, a card says what the flags show and how to click into it.

use super::card::draw_prompt;
use super::Prompt;
use crate::app::ui::words::Words;
use crate::course::levels::LEVELS;
use crate::shooting::StageView;

const TITLE: &str = "Wind: read the flags";
const CLICK_INTO_IT: Words = Words {
    touch: "Tap click left or right to move the sight",
    keys: "Q and E click the sight left and right",
    mouse: None,
};
/// What the wind does to a shot, and the click that answers it.
const FROM_LEFT: &str = "From the left it drifts shots right: click left";
const FROM_RIGHT: &str = "From the right it drifts shots left: click right";

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
        said: CLICK_INTO_IT,
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
}
