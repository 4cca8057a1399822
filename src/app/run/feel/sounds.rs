//! The sounds handler: which sounds each of the run's events calls for (the crowd at the
//! range cheers a hit and groans at a miss, and roars at the finish), and what the run's music
//! and the skis' swish follow.

use crate::course::PickupKind;
use crate::sim::{Run, RunEvent, SkierState};
use crate::sound::score::Section;
use crate::sound::SoundEffect;

/// The swish's level at the level's own pace (faster is louder, up to full).
const SWISH_AT_PACE: f64 = 0.6;

/// A coin's sound: each coin of a line taken whole a step higher, up to the fifth.
fn coin_sound(streak: u32) -> &'static [SoundEffect] {
    const CLIMB: [SoundEffect; 5] = [
        SoundEffect::Coin,
        SoundEffect::CoinStep2,
        SoundEffect::CoinStep3,
        SoundEffect::CoinStep4,
        SoundEffect::CoinStep5,
    ];
    let step = (streak.max(1) as usize - 1).min(CLIMB.len() - 1);
    std::slice::from_ref(&CLIMB[step])
}

/// The sound of taking a power-up of `kind`.
fn pickup_sound(kind: PickupKind) -> &'static [SoundEffect] {
    match kind {
        PickupKind::Wax => &[SoundEffect::PickupWax],
        PickupKind::Magnet => &[SoundEffect::PickupMagnet],
        PickupKind::Shield => &[SoundEffect::PickupShield],
        PickupKind::Breath => &[SoundEffect::PickupBreath],
    }
}

/// The sounds `event` calls for, in order (none for most of the quiet ones).
pub fn sounds_of(event: &RunEvent) -> &'static [SoundEffect] {
    match event {
        RunEvent::CoinTaken { streak, .. } => coin_sound(*streak),
        RunEvent::ObstacleHit { .. } | RunEvent::Stumbled { .. } => &[SoundEffect::Hit],
        RunEvent::LaneChange { .. } => &[SoundEffect::LaneChange],
        RunEvent::Jump => &[SoundEffect::Jump],
        RunEvent::Duck => &[SoundEffect::Duck],
        RunEvent::StageReached { .. } => &[SoundEffect::StageJingle],
        RunEvent::ShotFired {
            target: Some(_), ..
        } => &[
            SoundEffect::Shot,
            SoundEffect::TargetHit,
            SoundEffect::CrowdCheer,
        ],
        RunEvent::ShotFired { target: None, .. } => &[
            SoundEffect::Shot,
            SoundEffect::Miss,
            SoundEffect::CrowdGroan,
        ],
        RunEvent::Finished => &[SoundEffect::FinishJingle, SoundEffect::CrowdRoar],
        // The range's last seconds beep like the start's countdown; its close groans.
        RunEvent::RangeClosing { .. } => &[SoundEffect::CountBeep],
        RunEvent::RangeClosed { .. } => &[SoundEffect::Miss, SoundEffect::CrowdGroan],
        RunEvent::OutOfLives => &[SoundEffect::FinishJingle],
        RunEvent::SecondChanceTaken => &[SoundEffect::GoBeep],
        RunEvent::PickupTaken { kind, .. } => pickup_sound(*kind),
        RunEvent::Shielded { .. } => &[SoundEffect::ShieldBlock],
        RunEvent::MoverSetOff { .. } => &[SoundEffect::Snowmobile],
        RunEvent::Launched { .. } => &[SoundEffect::Launch],
        RunEvent::TrickStarted { .. } => &[SoundEffect::Jump],
        RunEvent::TrickLanded { .. } => &[SoundEffect::TrickLanded],
        RunEvent::TrickFailed => &[SoundEffect::Hit],
        // The high trail starts with a go; a fence stops a lane change with a dull knock.
        RunEvent::RouteTaken { high: true, .. } => &[SoundEffect::GoBeep],
        RunEvent::LaneRefused { .. } => &[SoundEffect::Miss],
        // Second wind ends at the range, whose own jingle answers.
        RunEvent::PowerUpEnded {
            kind: PickupKind::Breath,
        } => &[],
        RunEvent::PowerUpEnded { .. } => &[SoundEffect::PowerDown],
        RunEvent::RouteTaken { high: false, .. }
        | RunEvent::Landing
        | RunEvent::StoodUp
        | RunEvent::Steady
        | RunEvent::ObstacleCleared { .. }
        | RunEvent::NearMiss { .. }
        | RunEvent::TargetDown { .. }
        | RunEvent::RoundBought
        | RunEvent::SpareLoaded
        | RunEvent::StageLeft { .. }
        | RunEvent::PenaltyLoopStarted { .. }
        | RunEvent::PenaltyLoopFinished
        | RunEvent::LifeLost { .. }
        | RunEvent::DistanceMark { .. } => &[],
    }
}

/// The section of the run's music for where `run` is: the last kilometre of a level, a range
/// within reach, or the main one (the skier's place on the course, which its events move).
pub fn music_section(run: &Run) -> Section {
    let z = run.z();
    let course = run.course();
    let next_range = course
        .stages
        .iter()
        .map(|stage| stage.z - z)
        .find(|&m| m >= 0.0);
    let finish = course.length.map(|length| (length - z, length));
    Section::for_run(next_range, finish)
}

/// How loud the skis' swish is (0–1): with the speed while the skis run on the snow, silent in
/// the air, at a range, before the start and after the finish.
pub fn swish_level(run: &Run) -> f32 {
    let gliding = matches!(
        run.state(),
        SkierState::Skiing | SkierState::Ducking | SkierState::Stumbling | SkierState::PenaltyLoop
    );
    if !gliding || run.tick().get() == 0 {
        return 0.0;
    }
    let pace = run.speed() / run.course().skier.speed.max(f64::EPSILON);
    (SWISH_AT_PACE * pace).clamp(0.0, 1.0) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Course;
    use crate::sim::{Action, Run};

    /// The sounds of a level 1 run with `actions` pressed on the ticks given.
    fn sounds_of_run(presses: &[(u64, Action)], ticks: u64) -> Vec<SoundEffect> {
        let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
        let mut run = Run::unshot(course);
        let mut heard = Vec::new();
        for tick in 0..ticks {
            let actions: Vec<Action> = presses
                .iter()
                .filter(|(at, _)| *at == tick)
                .map(|(_, action)| *action)
                .collect();
            run.step(&actions);
            heard.extend(run.events().iter().flat_map(sounds_of));
        }
        heard
    }

    #[test]
    fn each_action_is_heard_once_when_it_starts() {
        let heard = sounds_of_run(&[(5, Action::Left), (30, Action::Jump)], 40);
        let count = |sound| heard.iter().filter(|&&s| s == sound).count();
        assert_eq!(count(SoundEffect::LaneChange), 1);
        assert_eq!(count(SoundEffect::Jump), 1);
    }

    #[test]
    fn a_coin_line_taken_whole_climbs_then_holds_at_the_top() {
        let heard: Vec<SoundEffect> = (1..=7).map(|streak| coin_sound(streak)[0]).collect();
        assert_eq!(heard[0], SoundEffect::Coin);
        assert_eq!(heard[1], SoundEffect::CoinStep2);
        assert_eq!(heard[4..], [SoundEffect::CoinStep5; 3]);
    }

    #[test]
    fn every_shot_is_answered_by_a_hit_or_a_miss_and_the_crowd() {
        let shot = |target| RunEvent::ShotFired {
            point_mrad: glam::DVec2::ZERO,
            target,
            coins: 0,
        };
        assert_eq!(
            sounds_of(&shot(Some(2))),
            [
                SoundEffect::Shot,
                SoundEffect::TargetHit,
                SoundEffect::CrowdCheer
            ]
        );
        assert_eq!(
            sounds_of(&shot(None)),
            [
                SoundEffect::Shot,
                SoundEffect::Miss,
                SoundEffect::CrowdGroan
            ]
        );
        assert!(sounds_of(&RunEvent::Finished).contains(&SoundEffect::CrowdRoar));
    }

    #[test]
    fn the_music_moves_to_the_range_then_the_last_kilometre_and_the_swish_follows_the_speed() {
        let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
        let mut run = Run::unshot(course);
        assert_eq!(swish_level(&run), 0.0, "still before the start");
        let mut seen = vec![music_section(&run)];
        let mut loudest: f32 = 0.0;
        while !run.is_finished() && run.tick().get() < 200_000 {
            run.step(&[]);
            loudest = loudest.max(swish_level(&run));
            if run.at_stage().is_some() {
                assert_eq!(swish_level(&run), 0.0, "no swish on the mat");
            }
            let section = music_section(&run);
            if seen.last() != Some(&section) {
                seen.push(section);
            }
        }
        assert_eq!(seen.first(), Some(&Section::Main));
        assert_eq!(seen.last(), Some(&Section::LastKilometre));
        assert!(seen.contains(&Section::RangeAhead), "{seen:?}");
        assert!(loudest > 0.5, "{loudest}");
    }
}
