//! The sounds handler: which sounds each of the run's events calls for.

use crate::sim::RunEvent;
use crate::sound::SoundEffect;

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
        } => &[SoundEffect::Shot, SoundEffect::TargetHit],
        RunEvent::ShotFired { target: None, .. } => &[SoundEffect::Shot, SoundEffect::Miss],
        RunEvent::Finished | RunEvent::OutOfLives => &[SoundEffect::FinishJingle],
        RunEvent::SecondChanceTaken => &[SoundEffect::GoBeep],
        RunEvent::Landing
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
        | RunEvent::GatePassed { .. }
        | RunEvent::LifeLost { .. } => &[],
    }
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
    fn every_shot_is_answered_by_a_hit_or_a_miss() {
        let shot = |target| RunEvent::ShotFired {
            point_mrad: glam::DVec2::ZERO,
            target,
            coins: 0,
        };
        assert_eq!(
            sounds_of(&shot(Some(2))),
            [SoundEffect::Shot, SoundEffect::TargetHit]
        );
        assert_eq!(
            sounds_of(&shot(None)),
            [SoundEffect::Shot, SoundEffect::Miss]
        );
    }
}
