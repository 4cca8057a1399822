//! The UI's scale on real phone screens and desktop windows: sizes follow the density, the
//! layout fits, and touch targets never fall below 48 dp.

use latu::phone::density::{
    Density, ScreenPx, UiScale, DESIGN_LONG_SIDE_DP, DESIGN_SHORT_SIDE_DP, MAX_PX_PER_DP,
    MIN_PX_PER_DP, MIN_TOUCH_TARGET_DP,
};

fn screen(width: f32, height: f32) -> ScreenPx {
    ScreenPx { width, height }
}

#[test]
fn a_1080p_phone_at_420_dpi() {
    for density in [Density::Dpi(420.0), Density::PxPerDp(2.625)] {
        let scale = UiScale::new(screen(1080.0, 2400.0), density);
        assert_eq!(scale.px_per_dp, 2.625);
        assert_eq!(
            scale.layout_px, 2.625,
            "411 × 914 dp holds the design phone"
        );
        assert_eq!(scale.min_touch_px, 126.0);
        assert_eq!(scale.px(100.0), 262.5);
    }
}

#[test]
fn a_720p_xhdpi_phone_is_exactly_the_design_phone() {
    let scale = UiScale::new(screen(720.0, 1280.0), Density::PxPerDp(2.0));
    assert_eq!(scale.layout_px, 2.0);
    assert_eq!(scale.px(DESIGN_SHORT_SIDE_DP), 720.0);
    assert_eq!(scale.px(DESIGN_LONG_SIDE_DP), 1280.0);
    assert_eq!(scale.min_touch_px, 96.0);
}

#[test]
fn landscape_and_portrait_scale_alike() {
    for density in [Density::PxPerDp(3.0), Density::Unknown] {
        assert_eq!(
            UiScale::new(screen(1440.0, 3200.0), density),
            UiScale::new(screen(3200.0, 1440.0), density)
        );
    }
}

#[test]
fn a_small_desktop_window_shrinks_the_layout_but_not_the_touch_targets() {
    let scale = UiScale::new(screen(400.0, 300.0), Density::PxPerDp(1.0));
    assert_eq!(scale.px_per_dp, 1.0);
    assert_eq!(scale.layout_px, 400.0 / DESIGN_LONG_SIDE_DP);
    assert_eq!(scale.min_touch_px, MIN_TOUCH_TARGET_DP);
    assert_eq!(scale.touch_px(40.0), MIN_TOUCH_TARGET_DP);
    assert_eq!(scale.touch_px(200.0), 125.0);
}

#[test]
fn an_unreported_density_is_estimated_from_the_short_side() {
    let estimate = |w, h| UiScale::new(screen(w, h), Density::Unknown).px_per_dp;
    assert_eq!(estimate(1080.0, 2400.0), 2.7);
    assert_eq!(estimate(720.0, 1600.0), 1.8);
    assert_eq!(
        estimate(2560.0, 1600.0),
        MAX_PX_PER_DP,
        "a tablet is clamped"
    );
    assert_eq!(
        estimate(240.0, 320.0),
        MIN_PX_PER_DP,
        "a tiny screen is clamped"
    );
}

#[test]
fn reports_outside_androids_densities_are_clamped() {
    let phone = screen(1080.0, 2400.0);
    assert_eq!(
        UiScale::new(phone, Density::PxPerDp(9.0)).px_per_dp,
        MAX_PX_PER_DP
    );
    assert_eq!(
        UiScale::new(phone, Density::Dpi(60.0)).px_per_dp,
        MIN_PX_PER_DP
    );
}

#[test]
fn an_empty_window_still_gives_finite_sizes() {
    for density in [Density::PxPerDp(2.0), Density::Unknown] {
        let scale = UiScale::new(screen(0.0, 0.0), density);
        assert!(
            scale.layout_px.is_finite() && scale.layout_px > 0.0,
            "{scale:?}"
        );
        assert!(scale.min_touch_px >= MIN_TOUCH_TARGET_DP * MIN_PX_PER_DP);
    }
}

#[test]
fn on_every_screen_touch_targets_are_48_dp_and_the_layout_fits() {
    let sides = [
        240.0, 320.0, 480.0, 720.0, 1080.0, 1440.0, 1600.0, 2400.0, 3200.0,
    ];
    let densities = [
        Density::Unknown,
        Density::PxPerDp(0.75),
        Density::PxPerDp(1.0),
        Density::PxPerDp(1.5),
        Density::PxPerDp(2.75),
        Density::Dpi(480.0),
        Density::Dpi(640.0),
    ];
    for width in sides {
        for height in sides {
            for density in densities {
                let scale = UiScale::new(screen(width, height), density);
                let case = format!("{width} × {height} at {density:?}: {scale:?}");
                assert!(
                    scale.min_touch_px >= MIN_TOUCH_TARGET_DP * scale.px_per_dp,
                    "{case}"
                );
                assert_eq!(scale.min_touch_px, scale.min_touch_px.round(), "{case}");
                assert!(scale.touch_px(1.0) >= scale.min_touch_px, "{case}");
                assert!(scale.layout_px <= scale.px_per_dp, "{case}");
                let (short, long) = (width.min(height), width.max(height));
                assert!(scale.px(DESIGN_SHORT_SIDE_DP) <= short * 1.0001, "{case}");
                assert!(scale.px(DESIGN_LONG_SIDE_DP) <= long * 1.0001, "{case}");
            }
        }
    }
}
