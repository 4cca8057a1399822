//! The third pass of a frame: the view is drawn. The world in 3D, then the overlay over it (the
//! answers, the HUD or the range, the ghost's gap, missions, the tutorial's card, the
//! countdown). Only the GPU's buffers change here; the run's state is read, never written.

use super::view::{RunView, WorldView};
use super::{Banner, FrameMode, RunSession};
use crate::app::render::renderer::DrawCounts;
use crate::app::run::feel::draw_feel;
use crate::app::run::hud::{
    draw_gap, draw_held_power_ups, draw_run_hud, penalty_card, screen_scale,
};
use crate::app::run::loading::{draw_loading_screen, draw_waiting_bar};
use crate::app::run::range::{arrival_card, draw_arrival, draw_stage};
use crate::app::run::tutorial::draw_wind_lesson;
use crate::stream::RunPhase;
use macroquad::miniquad::RenderingBackend;

impl RunSession {
    /// Draw `view` (the finish banner with [`Banner::Finish`]); what was drawn.
    pub(super) fn present(
        &mut self,
        ctx: &mut dyn RenderingBackend,
        view: &RunView,
        banner: Banner,
        mode: FrameMode,
    ) -> DrawCounts {
        let Some(world) = &view.world else {
            draw_loading_screen(view.progress);
            return DrawCounts::default();
        };
        let drawn = self.scenery.draw(ctx, world);
        self.draw_overlay(world, banner, mode);
        if view.phase == RunPhase::Stalled {
            draw_waiting_bar(view.progress);
        }
        drawn
    }

    /// Everything drawn over the world, one card at a time.
    fn draw_overlay(&self, world: &WorldView, banner: Banner, mode: FrameMode) {
        let run = self.ski.run();
        let scale = screen_scale();
        match (world.stage, world.sight) {
            (Some(stage), Some(look)) => {
                draw_stage(
                    &stage,
                    &self.sight.trail,
                    self.ski.marks(),
                    &look,
                    self.left_handed,
                );
                if self.sight.teach_wind {
                    draw_wind_lesson(&stage);
                }
            }
            (Some(stage), None) => {
                draw_arrival(&stage);
                // The gap goes under the arrival card, and gives way to the sight.
                if let Some(gap) = &world.gap {
                    draw_gap(gap, Some(arrival_card(&stage).bottom()));
                }
            }
            (None, _) => {
                draw_feel(
                    &self.feel,
                    world.speed,
                    self.shown_s,
                    world.skier_screen,
                    &scale,
                );
                draw_run_hud(run, banner == Banner::Finish, &self.feel);
                // One card at a time: the stage's summary (not over the tutorial's cards),
                // else the gap to the ghost and, while the run is played, the power-ups held.
                let summary = &self.sight.summary;
                if summary.is_shown() && self.tutorial.is_none() {
                    // Under the penalty loop's card: the loop is what to do now.
                    summary.draw(penalty_card(run, &scale).map(|card| card.bottom()));
                } else {
                    if let Some(gap) = &world.gap {
                        draw_gap(gap, None);
                    }
                    if mode != FrameMode::Frozen {
                        draw_held_power_ups(run);
                    }
                }
            }
        }
        self.missions.draw(self.sight.shown());
        let shown = tutorial_card_shown(self.sight.lingering.is_some(), self.countdown.holding());
        if let Some(tutorial) = self.tutorial.as_ref().filter(|_| shown) {
            tutorial.draw(run);
        }
        self.countdown.draw();
    }
}

/// One card at a time: the tutorial's card waits while the sight lingers after a range's last
/// shot, and while a countdown's number stands where its picture (the keycaps) is drawn.
fn tutorial_card_shown(sight_lingering: bool, counting_down: bool) -> bool {
    !sight_lingering && !counting_down
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tutorials_card_gives_way_to_the_resume_countdown() {
        assert!(tutorial_card_shown(false, false));
        assert!(!tutorial_card_shown(false, true), "no '3' over the keycaps");
        assert!(!tutorial_card_shown(true, false));
    }
}
