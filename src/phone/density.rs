//! The UI's scale from the screen: sizes are designed in dp (Android's density-independent
//! pixel, 1/160 inch) and drawn in pixels.
//!
//! The layout is designed for a small portrait phone ([`DESIGN_SHORT_SIDE_DP`] ×
//! [`DESIGN_LONG_SIDE_DP`]); on a screen smaller than that in dp (a small desktop window) the
//! whole layout shrinks to fit, but what the player touches never shrinks below
//! [`MIN_TOUCH_TARGET_DP`] — a finger does not get smaller with the window.

/// Pixels per inch at which one dp is one pixel (Android's mdpi baseline).
pub const BASELINE_DPI: f32 = 160.0;

/// Centimetres in an inch.
pub const CM_PER_INCH: f32 = 2.54;

/// The smallest side of anything the player touches, in dp (Android's accessibility guideline).
pub const MIN_TOUCH_TARGET_DP: f32 = 48.0;

/// Short side of the screen the layout is designed for, in dp (the smallest common phone).
pub const DESIGN_SHORT_SIDE_DP: f32 = 360.0;

/// Long side of the screen the layout is designed for, in dp.
pub const DESIGN_LONG_SIDE_DP: f32 = 640.0;

/// Short side, in dp, assumed for a screen whose density is not reported: typical phones are
/// 360–412 dp wide in portrait.
pub const ASSUMED_SHORT_SIDE_DP: f32 = 400.0;

/// Lowest density Android defines (ldpi); estimates and reports are kept at or above it.
pub const MIN_PX_PER_DP: f32 = 0.75;

/// Highest density Android defines (xxxhdpi); estimates and reports are kept at or below it.
pub const MAX_PX_PER_DP: f32 = 4.0;

/// How the screen's density is known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Density {
    /// Pixels (in the units of [`ScreenPx`]) per dp as the platform reports it: Android's
    /// `DisplayMetrics.density`; 1.0 on a desktop, whose drawing units are already logical
    /// pixels (macroquad divides by the window's DPI scale).
    PxPerDp(f32),
    /// Dots per inch (Android's `DisplayMetrics.densityDpi`).
    Dpi(f32),
    /// Not reported — miniquad 0.4 on Android always says 1.0 — so estimated from the screen's
    /// short side, taken to be [`ASSUMED_SHORT_SIDE_DP`].
    Unknown,
}

/// A screen's size in the pixels the UI is drawn in: macroquad's `screen_width()` and
/// `screen_height()` (physical pixels on Android, logical pixels on a high-DPI desktop).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScreenPx {
    /// Width in pixels.
    pub width: f32,
    /// Height in pixels.
    pub height: f32,
}

impl ScreenPx {
    fn short_side(self) -> f32 {
        self.width.min(self.height)
    }

    fn long_side(self) -> f32 {
        self.width.max(self.height)
    }

    fn is_empty(self) -> bool {
        !(self.width > 0.0 && self.height > 0.0)
    }
}

/// How big the UI is drawn on one screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UiScale {
    /// Pixels per dp: the screen's density.
    pub px_per_dp: f32,
    /// Pixels per layout unit (a dp on the design phone): `px_per_dp`, shrunk when the
    /// screen is smaller in dp than the design phone so that the whole layout fits.
    pub layout_px: f32,
    /// The smallest side of a touch target in pixels: [`MIN_TOUCH_TARGET_DP`] at the
    /// screen's density, whole pixels, never shrunk to fit.
    pub min_touch_px: f32,
}

impl UiScale {
    /// The scale for a screen of `screen` pixels at `density`. A density that is not a positive
    /// finite number counts as [`Density::Unknown`]; an empty screen (a minimised window) is
    /// drawn at its density without fitting.
    pub fn new(screen: ScreenPx, density: Density) -> Self {
        let px_per_dp = px_per_dp(screen, density);
        let fit = if screen.is_empty() {
            1.0
        } else {
            let short_dp = screen.short_side() / px_per_dp;
            let long_dp = screen.long_side() / px_per_dp;
            (short_dp / DESIGN_SHORT_SIDE_DP)
                .min(long_dp / DESIGN_LONG_SIDE_DP)
                .min(1.0)
        };
        Self {
            px_per_dp,
            layout_px: px_per_dp * fit,
            min_touch_px: (MIN_TOUCH_TARGET_DP * px_per_dp).ceil(),
        }
    }

    /// `units` layout units in pixels.
    pub fn px(&self, units: f32) -> f32 {
        units * self.layout_px
    }

    /// Pixels in a centimetre of the screen (for a finger's travel: a drag's gain).
    pub fn px_per_cm(&self) -> f32 {
        self.px_per_dp * BASELINE_DPI / CM_PER_INCH
    }

    /// The side in pixels of a touch target designed `units` layout units wide: never
    /// below [`UiScale::min_touch_px`].
    pub fn touch_px(&self, units: f32) -> f32 {
        self.px(units).max(self.min_touch_px)
    }
}

/// Physical pixels per dp: the reported density, or an estimate, within Android's range.
fn px_per_dp(screen: ScreenPx, density: Density) -> f32 {
    let reported = match density {
        Density::PxPerDp(scale) => Some(scale),
        Density::Dpi(dpi) => Some(dpi / BASELINE_DPI),
        Density::Unknown => None,
    }
    .filter(|scale| scale.is_finite() && *scale > 0.0);
    let scale = match reported {
        Some(scale) => scale,
        None if screen.is_empty() => 1.0,
        None => screen.short_side() / ASSUMED_SHORT_SIDE_DP,
    };
    scale.clamp(MIN_PX_PER_DP, MAX_PX_PER_DP)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(width: f32, height: f32) -> ScreenPx {
        ScreenPx { width, height }
    }

    #[test]
    fn one_dp_is_one_pixel_at_the_baseline() {
        let scale = UiScale::new(screen(360.0, 640.0), Density::Dpi(BASELINE_DPI));
        assert_eq!(scale.px_per_dp, 1.0);
        assert_eq!(scale.layout_px, 1.0);
        assert_eq!(scale.min_touch_px, MIN_TOUCH_TARGET_DP);
    }

    #[test]
    fn a_bad_report_counts_as_unknown() {
        let phone = screen(1080.0, 2400.0);
        let estimated = UiScale::new(phone, Density::Unknown);
        for bad in [0.0, -2.0, f32::NAN, f32::INFINITY] {
            assert_eq!(UiScale::new(phone, Density::PxPerDp(bad)), estimated);
        }
    }
}
