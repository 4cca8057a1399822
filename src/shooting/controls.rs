//! Turning the player's aiming input into whole aim units, the same way on every device: a drag
//! is measured in centimetres of finger (the screen's density says how many pixels that is), a
//! held arrow key moves at a steady rate the player may set. The remainder of a drag below one
//! unit is kept for the next event, so slow drags still move.

use super::range::{zone_radius_urad, URAD_PER_MRAD};
use super::stage::{StageAction, AIM_UNIT_URAD};
use crate::course::ShootingPosition;

/// Aim units a drag of one centimetre moves: one target's width (the black disc, 115 mm at
/// 50 m: 2.3 mrad), so a thumb crosses from a target to the next in about a centimetre; the
/// fine aim near a target comes from the touch assist's friction
/// ([`super::stage::TOUCH_FRICTION`]), which slows the drag over the hit zone.
pub const DRAG_UNITS_PER_CM: i64 =
    2 * zone_radius_urad(ShootingPosition::Standing) / AIM_UNIT_URAD as i64;

/// The longest screen a ranked run is played on, centimetres (a large desktop window's long
/// side): a finger dragged the length of it in one tick is the most aim a drag gives a tick.
pub const MAX_SCREEN_CM: i64 = 40;

/// Aim units per tick while an arrow key is held at speed 1 (3 mrad/s: under a second between
/// targets).
pub const KEY_AIM_UNITS_PER_TICK: i32 = 5;

/// The speeds the player may set for the aim keys, as multiples of [`KEY_AIM_UNITS_PER_TICK`].
pub const KEY_AIM_SPEED_RANGE: std::ops::RangeInclusive<f32> = 0.4..=2.0;

/// The most aim units one tick's nudges (a drag and the keys) may add up to on one axis.
pub const MAX_AIM_UNITS_PER_TICK: i64 =
    DRAG_UNITS_PER_CM * MAX_SCREEN_CM + 2 * KEY_AIM_UNITS_PER_TICK as i64;

/// Accumulates drags (in pixels) into whole aim units, as touch nudges ([`StageAction::Drag`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AimDrag {
    /// Aim units not yet sent, below one in magnitude on each axis.
    remainder: (f64, f64),
}

impl AimDrag {
    /// The aim nudge for a drag of (dx, dy) pixels (y down, as on screen) on a screen of
    /// `px_per_cm` pixels a centimetre; `None` while the drag is under one unit.
    pub fn drag(&mut self, dx_px: f32, dy_px: f32, px_per_cm: f32) -> Option<StageAction> {
        if px_per_cm.is_nan() || px_per_cm <= 0.0 {
            return None;
        }
        let units_per_px = DRAG_UNITS_PER_CM as f64 / f64::from(px_per_cm);
        let x = self.remainder.0 + f64::from(dx_px) * units_per_px;
        // Screen y grows downwards; the aim's y grows upwards.
        let y = self.remainder.1 - f64::from(dy_px) * units_per_px;
        let (dx, dy) = (x.trunc(), y.trunc());
        self.remainder = (x - dx, y - dy);
        (dx != 0.0 || dy != 0.0).then_some(StageAction::Drag {
            dx: dx as i32,
            dy: dy as i32,
        })
    }

    /// Forget the remainder (the finger lifted).
    pub fn release(&mut self) {
        self.remainder = (0.0, 0.0);
    }
}

/// Aim units a tick for held aim keys at `speed` (a multiple of [`KEY_AIM_UNITS_PER_TICK`],
/// kept in [`KEY_AIM_SPEED_RANGE`]; a corrupt one is speed 1): a whole number, the same on
/// every tick, so a held key never speeds up.
pub fn key_aim_units(speed: f32) -> i32 {
    let speed = if speed.is_finite() {
        speed.clamp(*KEY_AIM_SPEED_RANGE.start(), *KEY_AIM_SPEED_RANGE.end())
    } else {
        1.0
    };
    ((KEY_AIM_UNITS_PER_TICK as f32 * speed).round() as i32).max(1)
}

/// The aim nudge for one tick of held arrow keys (`right`/`up` -1, 0 or 1 each), `units` a side.
pub fn key_aim(right: i32, up: i32, units: i32) -> Option<StageAction> {
    let (dx, dy) = (right.signum() * units, up.signum() * units);
    (dx != 0 || dy != 0).then_some(StageAction::Aim { dx, dy })
}

/// Milliradians the aim moves per centimetre of drag.
pub fn drag_mrad_per_cm() -> f64 {
    DRAG_UNITS_PER_CM as f64 * f64::from(AIM_UNIT_URAD) / URAD_PER_MRAD
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shooting::range::{self, zone_radius_mrad};

    fn units(action: Option<StageAction>) -> (i32, i32) {
        match action {
            Some(StageAction::Aim { dx, dy } | StageAction::Drag { dx, dy }) => (dx, dy),
            None => (0, 0),
            Some(other) => panic!("not an aim: {other:?}"),
        }
    }

    #[test]
    fn a_centimetre_of_drag_moves_the_aim_one_targets_width_up_is_up() {
        let target_mrad = 2.0 * zone_radius_mrad(ShootingPosition::Standing);
        assert!((drag_mrad_per_cm() - target_mrad).abs() < 1e-9);
        let pitch_mrad = range::target_centre_mrad(1).x - range::target_centre_mrad(0).x;
        assert!(
            drag_mrad_per_cm() < pitch_mrad,
            "a centimetre stays on one target"
        );
        // 63 px a centimetre (a 160 dpi screen): ten centimetres right and up.
        let mut drag = AimDrag::default();
        let (dx, dy) = units(drag.drag(630.0, -630.0, 63.0));
        assert_eq!(
            (dx, dy),
            (10 * DRAG_UNITS_PER_CM as i32, 10 * DRAG_UNITS_PER_CM as i32)
        );
        // The same centimetre on a denser screen is more pixels, the same aim.
        let mut dense = AimDrag::default();
        assert_eq!(
            units(dense.drag(252.0, 0.0, 252.0)).0,
            DRAG_UNITS_PER_CM as i32
        );
    }

    #[test]
    fn slow_drags_add_up_and_a_release_forgets_the_rest() {
        let mut drag = AimDrag::default();
        // A quarter unit a pixel: ten pixels, two and a half units.
        let px_per_cm = 4.0 * DRAG_UNITS_PER_CM as f32;
        let moved: i32 = (0..10)
            .map(|_| units(drag.drag(1.0, 0.0, px_per_cm)).0)
            .sum();
        assert_eq!(moved, 2);
        drag.release();
        assert_eq!(units(drag.drag(3.0, 0.0, px_per_cm)), (0, 0));
        assert_eq!(drag.drag(3.0, 0.0, 0.0), None);
    }

    #[test]
    fn held_keys_move_at_a_steady_settable_rate() {
        let units_at = key_aim_units;
        assert_eq!(units_at(1.0), KEY_AIM_UNITS_PER_TICK);
        assert_eq!(
            units(key_aim(1, 0, units_at(1.0))),
            (KEY_AIM_UNITS_PER_TICK, 0)
        );
        assert_eq!(units(key_aim(-1, 1, 4)), (-4, 4));
        assert_eq!(key_aim(0, 0, 5), None);
        assert_eq!(units_at(2.0), 10);
        assert_eq!(units_at(0.4), 2);
        assert_eq!(units_at(50.0), 10, "kept in range");
        assert_eq!(units_at(f32::NAN), KEY_AIM_UNITS_PER_TICK);
    }
}
