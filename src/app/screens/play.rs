//! `latu play`: check the arguments, open the window and run the title screen, a run straight
//! from the command line, or a `--show` screen.

use crate::app::AppError;
use crate::cli::args::{PlayArgs, WindowSize};
use crate::cli::CliError;
use crate::course::Course;
use crate::replay::CourseChoice;
use macroquad::miniquad::conf::{Conf as WindowConf, Platform};
use macroquad::Window;
use std::cell::RefCell;
use std::rc::Rc;

/// Default window size: a portrait phone screen.
const WINDOW_WIDTH: i32 = 540;
const WINDOW_HEIGHT: i32 = 960;
/// Level and track played when the command line names none.
const DEFAULT_LEVEL: u8 = 1;

/// Open the window and play: the title screen, or with run flags (`--level`, `--autoplay`, …)
/// straight into that run, or with `--show` the screen named. The course and the output paths
/// are checked before the window opens, so bad arguments are an error (exit 2) rather than a
/// window that fails later. The app's errors become the command line's here, once.
pub fn play(args: PlayArgs) -> Result<(), CliError> {
    open_and_play(args).map_err(CliError::from)
}

fn open_and_play(args: PlayArgs) -> Result<(), AppError> {
    crate::app::run::stats::mark_start();
    crate::app::platform::start();
    args.approach()?;
    let direct = if args.show.is_none() && args.goes_straight_to_a_run() {
        Some(choose_course(&args)?)
    } else {
        // `--show` runs on the course named (level 1 track 1 by default): check it now.
        choose_course(&args)?;
        None
    };
    for (path, what) in [
        (&args.screenshot, "screenshot"),
        (&args.stats, "stats"),
        (&args.record, "replay"),
    ] {
        if let Some(path) = path {
            crate::app::platform::output::check_writable(path, what)?;
        }
    }
    crate::app::platform::display::check_display()?;
    crate::app::platform::audio::prepare_audio();
    let outcome = Rc::new(RefCell::new(Ok(())));
    let slot = Rc::clone(&outcome);
    // Multisampling comes from the saved quality, glanced at without loading (the game loads
    // and reports the settings itself once the window is open: a damaged file is set aside and
    // the player told there). A phone keeps one sample: miniquad's EGL start asserts that a
    // config with the asked samples exists, so a device without them would not start at all,
    // and it offers no way to ask first.
    let samples = if cfg!(target_os = "android") {
        1
    } else {
        super::flow::open_store()
            .map(|store| store.peek_settings())
            .unwrap_or_default()
            .quality
            .preset()
            .samples
    };
    let conf = window_conf(args.window, samples);
    crate::app::platform::display::opened_or_display_lost(|| {
        Window::from_config(conf, async move {
            let result = match direct {
                Some((choice, course)) => super::frame_loop::run_direct(args, choice, course).await,
                None => super::frame_loop::run_menus(args).await,
            };
            *slot.borrow_mut() = result;
        });
    })?;
    outcome.replace(Ok(()))
}

/// The course the arguments name (level 1 track 1 by default), and the choice a replay records.
fn choose_course(args: &PlayArgs) -> Result<(CourseChoice, Course), AppError> {
    let course = args.course.course(Some(DEFAULT_LEVEL))?;
    Ok((CourseChoice::of(&course), course))
}

fn window_conf(size: Option<WindowSize>, samples: i32) -> WindowConf {
    let (width, height) = size.map_or((WINDOW_WIDTH, WINDOW_HEIGHT), |size| {
        (
            i32::try_from(size.width).unwrap_or(WINDOW_WIDTH),
            i32::try_from(size.height).unwrap_or(WINDOW_HEIGHT),
        )
    });
    WindowConf {
        window_title: "Latu".to_owned(),
        window_width: width,
        window_height: height,
        fullscreen: cfg!(target_os = "android"),
        high_dpi: true,
        window_resizable: true,
        sample_count: samples,
        platform: Platform::default(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::LevelArgs;

    #[test]
    fn endless_with_a_level_is_refused() {
        let args = PlayArgs {
            course: LevelArgs {
                endless: true,
                level: Some(2),
                ..Default::default()
            },
            ..Default::default()
        };
        assert_eq!(CliError::from(choose_course(&args).unwrap_err()).code, 2);
    }

    #[test]
    fn no_arguments_play_level_one_track_one() {
        let (choice, _) = choose_course(&PlayArgs::default()).expect("the default course exists");
        assert!(matches!(
            choice,
            CourseChoice::Level {
                level: 1,
                track: 1,
                ..
            }
        ));
    }
}
