//! Turning the player's aiming input into whole aim units, the same way on every device: a drag
//! is measured against the screen's short side, a held arrow key moves at a fixed rate. The
//! remainder of a drag below one unit is kept for the next event, so slow drags still move.

use super::range::URAD_PER_MRAD;
use super::stage::{StageAction, AIM_UNIT_URAD};

/// Milliradians the aim moves for a drag across the screen's short side (the five targets span
/// 10 mrad: a drag across most of the screen sweeps them all).
pub const DRAG_MRAD_PER_SHORT_SIDE: f64 = 12.0;

/// Aim units per tick while an arrow key is held (3 mrad/s: under a second between targets).
pub const KEY_AIM_UNITS_PER_TICK: i32 = 5;

/// Accumulates drags (in pixels) into whole aim units.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AimDrag {
    /// Aim units not yet sent, below one in magnitude on each axis.
    remainder: (f64, f64),
}

impl AimDrag {
    /// The aim nudge for a drag of (dx, dy) pixels (y down, as on screen) on a screen whose
    /// short side is `short_side_px`; `None` while the drag is under one unit.
    pub fn drag(&mut self, dx_px: f32, dy_px: f32, short_side_px: f32) -> Option<StageAction> {
        if short_side_px <= 0.0 {
            return None;
        }
        let units_per_px = DRAG_MRAD_PER_SHORT_SIDE * URAD_PER_MRAD
            / f64::from(AIM_UNIT_URAD)
            / f64::from(short_side_px);
        let x = self.remainder.0 + f64::from(dx_px) * units_per_px;
        // Screen y grows downwards; the aim's y grows upwards.
        let y = self.remainder.1 - f64::from(dy_px) * units_per_px;
        let (dx, dy) = (x.trunc(), y.trunc());
        self.remainder = (x - dx, y - dy);
        (dx != 0.0 || dy != 0.0).then_some(StageAction::Aim {
            dx: dx as i32,
            dy: dy as i32,
        })
    }

    /// Forget the remainder (the finger lifted).
    pub fn release(&mut self) {
        self.remainder = (0.0, 0.0);
    }
}

/// The aim nudge for one tick of held arrow keys (`right`/`up` positive, -1, 0 or 1 each).
pub fn key_aim(right: i32, up: i32) -> Option<StageAction> {
    let (dx, dy) = (
        right.signum() * KEY_AIM_UNITS_PER_TICK,
        up.signum() * KEY_AIM_UNITS_PER_TICK,
    );
    (dx != 0 || dy != 0).then_some(StageAction::Aim { dx, dy })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(action: Option<StageAction>) -> (i32, i32) {
        match action {
            Some(StageAction::Aim { dx, dy }) => (dx, dy),
            None => (0, 0),
            Some(other) => panic!("not an aim: {other:?}"),
        }
    }

    #[test]
    fn a_drag_across_the_short_side_moves_the_aim_twelve_mrad_up_is_up() {
        let mut drag = AimDrag::default();
        assert_eq!(units(drag.drag(1000.0, -1000.0, 1000.0)), (1200, 1200));
    }

    #[test]
    fn slow_drags_add_up_and_a_release_forgets_the_rest() {
        let mut drag = AimDrag::default();
        // A quarter unit a pixel on a 4800 px short side: ten pixels, two and a half units.
        let moved: i32 = (0..10).map(|_| units(drag.drag(1.0, 0.0, 4800.0)).0).sum();
        assert_eq!(moved, 2);
        drag.release();
        assert_eq!(units(drag.drag(3.0, 0.0, 4800.0)), (0, 0));
    }

    #[test]
    fn held_keys_move_at_a_fixed_rate() {
        assert_eq!(units(key_aim(1, 0)), (KEY_AIM_UNITS_PER_TICK, 0));
        assert_eq!(units(key_aim(-1, 1)), (-5, 5));
        assert_eq!(key_aim(0, 0), None);
    }
}
