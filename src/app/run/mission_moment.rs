//! The run's missions on screen: each event counted towards the missions held, and the moment
//! one completes a short banner with a chime — at the bottom, under the skier (at the range, at
//! the top, clear of the fire button), never over the lane ahead.

use crate::app::platform::audio::Sounds;
use crate::app::ui::font;
use crate::app::ui::layout::{BODY_TEXT, MARGIN, SMALL_TEXT};
use crate::app::ui::shapes::raised_rect;
use crate::app::ui::{ACCENT, BUTTON_FACE, BUTTON_TEXT, SHADOW};
use crate::missions::{Mission, MissionWatch};
use crate::sim::RunEvent;
use crate::sound::SoundEffect;
use macroquad::math::Rect;
use macroquad::window::{screen_height, screen_width};

/// How long a banner shows, seconds (a second banner waits its turn).
const BANNER_S: f64 = 2.5;
/// The banner's height in lines of body text, and its widest, layout units.
const BANNER_LINES: f32 = 2.6;
const BANNER_MAX_W: f32 = 420.0;
/// Corner and drop of the banner, layout units.
const CORNER: f32 = 10.0;
const DROP: f32 = 3.0;

/// The missions a run counts towards, and the banners of those it completed.
#[derive(Default)]
pub struct MissionMoment {
    watch: Option<MissionWatch>,
    /// Completed missions still to show, the first showing for `shown_s`.
    queue: Vec<Mission>,
    shown_s: f64,
}

impl MissionMoment {
    /// Count towards the missions of `watch` (none: a run that counts for none).
    pub fn new(watch: Option<MissionWatch>) -> Self {
        Self {
            watch,
            ..Self::default()
        }
    }

    /// What the run has done towards the missions so far.
    pub fn watch(&self) -> Option<&MissionWatch> {
        self.watch.as_ref()
    }

    /// Count `event`; a mission it completes joins the banners. Whether one did.
    pub fn note(&mut self, event: &RunEvent) -> bool {
        let Some(watch) = &mut self.watch else {
            return false;
        };
        let completed = watch.note(event);
        let any = !completed.is_empty();
        self.queue.extend(completed);
        any
    }

    /// Count `event` as [`MissionMoment::note`] does, with a chime for a mission completed.
    pub fn hear(&mut self, event: &RunEvent, sounds: &Sounds) {
        if self.note(event) {
            sounds.play(SoundEffect::CoinStep5);
        }
    }

    /// Age the banner showing by `step_s` seconds.
    pub fn pass(&mut self, step_s: f64) {
        if self.queue.is_empty() {
            return;
        }
        self.shown_s += step_s;
        if self.shown_s >= BANNER_S {
            self.queue.remove(0);
            self.shown_s = 0.0;
        }
    }

    /// Draw the banner showing, if any: at the top while the sight is up (its fire button is at the bottom), else at the bottom.
    pub fn draw(&self, sight_up: bool) {
        let Some(mission) = self.queue.first() else {
            return;
        };
        let scale = super::hud::screen_scale();
        let margin = scale.px(MARGIN);
        let width = scale.px(BANNER_MAX_W).min(screen_width() - 2.0 * margin);
        let height = scale.px(BODY_TEXT * BANNER_LINES);
        let y = match sight_up {
            true => super::hud::top_band_px(&scale) + margin,
            false => screen_height() - margin - height,
        };
        let rect = Rect::new((screen_width() - width) / 2.0, y, width, height);
        raised_rect(rect, scale.px(CORNER), scale.px(DROP), BUTTON_FACE, SHADOW);
        let heading = format!("Mission complete! +{} coins", mission.reward);
        let text = mission.text();
        let line = height / BANNER_LINES;
        centred(
            &heading,
            rect,
            rect.y + line * 1.0,
            scale.px(BODY_TEXT),
            ACCENT,
        );
        centred(
            &text,
            rect,
            rect.y + line * 2.1,
            scale.px(SMALL_TEXT),
            BUTTON_TEXT,
        );
    }
}

/// `text` centred across `rect` on the baseline `y`, shrunk to fit.
fn centred(text: &str, rect: Rect, y: f32, px: f32, color: macroquad::color::Color) {
    let room = rect.w * 0.92;
    let wide = font::measure(text, px).width;
    let px = if wide > room { px * room / wide } else { px };
    let wide = font::measure(text, px).width;
    font::draw(text, rect.center().x - wide / 2.0, y, px, color);
}
