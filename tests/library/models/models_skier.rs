//! The skier's poses change its shape the way the game needs.

use crate::models_support;

use glam::Vec3;
use latu::course::ObstacleClass;
use latu::course::{ShootingPosition, DUCK_OBSTACLE_CLEARANCE};
use latu::models::{skier, Outfit, PoseCues, SkierPose, VerticalPose};
use latu::sim::run::{DUCKED_HEIGHT, STANDING_HEIGHT};
use latu::sim::{RunEvent, Tick};
use models_support::{assert_well_formed, bounds, bounds_where, centroid_where};

fn with(change: impl FnOnce(&mut SkierPose)) -> SkierPose {
    let mut pose = SkierPose::skiing(0.0);
    change(&mut pose);
    pose
}

fn duck(progress: f32) -> SkierPose {
    with(|p| p.vertical = VerticalPose::Duck { progress })
}

fn jump(progress: f32) -> SkierPose {
    with(|p| p.vertical = VerticalPose::Jump { progress })
}

fn shooting(position: ShootingPosition) -> SkierPose {
    with(|p| p.shooting = Some(position))
}

fn top(pose: &SkierPose) -> f32 {
    bounds(&skier(pose, Outfit::default())).1.y
}

#[test]
fn every_pose_is_well_formed_and_low_poly() {
    let mut poses = vec![
        duck(0.5),
        jump(0.1),
        jump(0.9),
        with(|p| p.lean = -1.0),
        with(|p| p.stumble = Some(0.3)),
        shooting(ShootingPosition::Prone),
        shooting(ShootingPosition::Standing),
    ];
    poses.extend((0..8).map(|k| SkierPose::skiing(k as f32 / 8.0)));
    for pose in poses {
        let mesh = skier(&pose, Outfit::default());
        assert_well_formed(&format!("{pose:?}"), &mesh);
        let triangles = mesh.indices.len() / 3;
        assert!((200..=600).contains(&triangles), "{triangles} triangles");
    }
}

#[test]
fn standing_skier_fits_the_simulations_body_and_meets_duck_obstacles() {
    for k in 0..8 {
        let (lo, hi) = bounds(&skier(
            &SkierPose::skiing(k as f32 / 8.0),
            Outfit::default(),
        ));
        assert!(hi.y <= STANDING_HEIGHT as f32 + 0.02, "top {}", hi.y);
        assert!(hi.y > DUCK_OBSTACLE_CLEARANCE as f32 + 0.4, "top {}", hi.y);
        assert!(lo.y > -0.05, "below the skis: {}", lo.y);
    }
}

#[test]
fn ducked_skier_passes_below_duck_obstacles() {
    let ducked = top(&duck(0.5));
    assert!(ducked <= DUCKED_HEIGHT as f32, "ducked top {ducked}");
    assert!(ducked < DUCK_OBSTACLE_CLEARANCE as f32 - 0.1);
    assert!(ducked < top(&SkierPose::skiing(0.0)) - 0.6);
    let going_down = top(&duck(0.05));
    assert!(going_down > ducked && going_down < top(&SkierPose::skiing(0.0)));
}

#[test]
fn jump_pitches_the_skis_and_tucks() {
    // The skis' own ends (the poles, trailing behind in the tuck, may reach past the tails).
    let tips_minus_tails = |pose: &SkierPose| {
        let outfit = Outfit::default();
        let mut skis = skier(pose, outfit);
        let colour = outfit.skis.spec().colour;
        skis.positions = (skis.positions.iter().zip(&skis.colors))
            .filter(|(_, c)| **c == colour)
            .map(|(p, _)| *p)
            .collect();
        let (lo, hi) = bounds(&skis);
        let tip = bounds_where(&skis, |p| p.z > hi.z - 0.05).unwrap().0.y;
        let tail = bounds_where(&skis, |p| p.z < lo.z + 0.05).unwrap().0.y;
        tip - tail
    };
    assert!(
        tips_minus_tails(&jump(0.15)) > 0.2,
        "tips up after take-off"
    );
    assert!(
        tips_minus_tails(&jump(0.85)) < -0.2,
        "tips down for landing"
    );
    assert!(tips_minus_tails(&SkierPose::skiing(0.0)).abs() < 0.15);
    assert!(
        top(&jump(0.5)) < top(&SkierPose::skiing(0.0)) - 0.1,
        "tucked"
    );
}

#[test]
fn lean_shifts_the_upper_body_sideways() {
    let upper_x = |lean: f32| {
        centroid_where(&skier(&with(|p| p.lean = lean), Outfit::default()), |p| {
            p.y > 1.0
        })
        .x
    };
    assert!(upper_x(0.0).abs() < 0.05);
    assert!(upper_x(1.0) > 0.15, "{}", upper_x(1.0));
    assert!(upper_x(-1.0) < -0.15, "{}", upper_x(-1.0));
}

#[test]
fn the_classic_stride_kicks_each_leg_back_in_turn_with_the_skis_in_their_grooves() {
    use latu::models::CLASSIC_FOOT_X;
    // Each ski with its boot: everything low on one side.
    let boot_z = |stride: f32, side: f32| {
        centroid_where(&skier(&SkierPose::skiing(stride), Outfit::default()), |p| {
            p.y < 0.15 && p.x * side > 0.05
        })
        .z
    };
    // One leg kicks back while the other glides forward, then the other way round.
    assert!(boot_z(0.25, 1.0) < boot_z(0.25, -1.0) - 0.2);
    assert!(boot_z(0.75, -1.0) < boot_z(0.75, 1.0) - 0.2);
    // The skis stay parallel, each within a hand of its groove: their front ends (where no
    // pole reaches) lie in the grooves.
    for stride in [0.0, 0.25, 0.5, 0.75] {
        let mesh = skier(&SkierPose::skiing(stride), Outfit::default());
        let front = bounds(&mesh).1.z;
        let (lo, hi) = bounds_where(&mesh, |p| p.y < 0.2 && p.z > front - 0.6).unwrap();
        assert!(
            hi.x < CLASSIC_FOOT_X + 0.15 && lo.x > -CLASSIC_FOOT_X - 0.15,
            "{stride}"
        );
    }
}

#[test]
fn stumble_throws_the_body_forward() {
    let still = skier(&SkierPose::skiing(0.0), Outfit::default());
    let stumbling = skier(&with(|p| p.stumble = Some(0.5)), Outfit::default());
    assert!(bounds(&stumbling).1.y < bounds(&still).1.y - 0.05);
    let head = |mesh| centroid_where(mesh, |p: Vec3| p.y > 1.2).z;
    assert!(head(&stumbling) > head(&still));
}

#[test]
fn prone_lies_on_the_mat_and_standing_aims_ahead() {
    let (lo, hi) = bounds(&skier(
        &shooting(ShootingPosition::Prone),
        Outfit::default(),
    ));
    assert!(hi.y < 0.7, "prone top {}", hi.y);
    assert!(hi.z - lo.z > 2.5, "lying along the track");
    // Flat on the mat: legs and hips (everything up to the chest) low, only the propped-up
    // chest, head and rifle higher.
    let prone = skier(&shooting(ShootingPosition::Prone), Outfit::default());
    let (_, legs_top) = bounds_where(&prone, |p| p.z < 1.0).unwrap();
    assert!(legs_top.y < 0.35, "legs and hips lie low: {}", legs_top.y);
    let standing = skier(&shooting(ShootingPosition::Standing), Outfit::default());
    let (_, hi) = bounds(&standing);
    assert!(hi.y > 1.5);
    let muzzle = bounds_where(&standing, |p| p.y > 1.2).unwrap().1.z;
    assert!(muzzle > 0.8, "the rifle reaches ahead: {muzzle}");
}

#[test]
fn pose_follows_the_simulated_skier() {
    use latu::course::Course;
    use latu::sim::{Action, Run};
    let mut run = Run::new(Course::level(1, 1, Some(7)).expect("level 1 exists"));
    run.step(&[]);
    let none = PoseCues::default();
    let still = SkierPose::from_run(&run, &none);
    assert_eq!(
        (still.vertical, still.lean, still.shooting),
        (VerticalPose::Ground, 0.0, None)
    );
    run.step(&[Action::Jump, Action::Right]);
    run.step(&[]);
    let pose = SkierPose::from_run(&run, &none);
    let VerticalPose::Jump { progress } = pose.vertical else {
        panic!("jumping: {pose:?}");
    };
    assert!(progress > 0.0 && progress < 0.5);
    assert!(pose.lean > 0.3, "leaning towards +x: {}", pose.lean);
    while run.tick().get() < 30 {
        run.step(&[]);
    }
    // An event at the start, 30 ticks ago.
    let cues_of = |event: RunEvent| {
        let mut cues = PoseCues::default();
        cues.note(&event, Tick::ZERO);
        cues
    };
    let later = Tick::new(600);
    let stumbled = RunEvent::Stumbled {
        obstacle: 0,
        class: ObstacleClass::Jump,
    };
    assert_eq!(
        SkierPose::from_run(&run, &cues_of(stumbled)).stumble,
        Some(0.5)
    );
    // A crash (not forgiven) tumbles instead of stumbling.
    let crashed = RunEvent::ObstacleHit {
        obstacle: 0,
        class: ObstacleClass::Jump,
        coins_lost: 0,
    };
    let tumbling = SkierPose::from_run(&run, &cues_of(crashed));
    assert_eq!(tumbling.stumble, None);
    assert!(tumbling.tumble.is_some_and(|t| t > 0.2 && t < 0.5));
    assert_eq!(cues_of(crashed).tumble(later), None);
    let landed = cues_of(RunEvent::Landing);
    assert!(landed.landing(Tick::new(5)).is_some());
    assert_eq!(landed.landing(later), None);
    let mut ticks = 0;
    while run.at_stage().is_none() && !run.is_finished() && ticks < 200_000 {
        run.step(&[]);
        ticks += 1;
    }
    let stage = run.at_stage().expect("level 1 has a shooting stage");
    let pose = SkierPose::from_run(&run, &none);
    assert_eq!(pose.shooting, Some(run.course().stages[stage].position));
}

#[test]
fn skis_come_together_in_the_air() {
    let spread = |pose: &SkierPose| {
        let (lo, hi) = bounds_where(&skier(pose, Outfit::default()), |p| p.y < 0.15).unwrap();
        hi.x - lo.x
    };
    let pushing = SkierPose::skiing(0.25);
    let flying = SkierPose {
        vertical: VerticalPose::Jump { progress: 0.5 },
        ..pushing
    };
    assert!(spread(&flying) < spread(&pushing) - 0.2);
}

#[test]
fn heading_turns_the_whole_skier() {
    let ahead = bounds(&skier(&SkierPose::skiing(0.0), Outfit::default()));
    let back = bounds(&skier(
        &with(|p| p.heading = std::f32::consts::PI),
        Outfit::default(),
    ));
    assert!((back.0.z + ahead.1.z).abs() < 1e-3, "the tips point back");
    let side = bounds(&skier(
        &with(|p| p.heading = std::f32::consts::FRAC_PI_2),
        Outfit::default(),
    ));
    assert!(side.1.x > ahead.1.z - 0.05, "the tips point to +x");
}

#[test]
fn a_push_off_double_poles_for_a_burst_then_strides_again() {
    let mut cues = PoseCues::starting(Tick::ZERO);
    assert_eq!(cues.poling(Tick::ZERO), 0.0, "it eases in");
    assert_eq!(cues.poling(Tick::new(60)), 1.0);
    assert_eq!(cues.poling(Tick::new(600)), 0.0);
    let left = RunEvent::PenaltyLoopFinished;
    cues.note(&left, Tick::new(1_000));
    assert_eq!(cues.poling(Tick::new(1_060)), 1.0);
}

/// The left (+x) and right hands' and boots' positions along the track.
fn hands_and_boots_z(pose: &SkierPose) -> ([f32; 2], [f32; 2]) {
    let mesh = skier(pose, Outfit::default());
    let z = |side: f32, low: bool| {
        centroid_where(&mesh, |p| {
            p.x * side > 0.15
                && if low {
                    p.y < 0.15
                } else {
                    p.y > 0.6 && p.y < 1.3
                }
        })
        .z
    };
    (
        [z(1.0, false), z(-1.0, false)],
        [z(1.0, true), z(-1.0, true)],
    )
}

#[test]
fn the_diagonal_stride_swings_each_arm_with_the_other_leg() {
    for stride in [0.25, 0.75] {
        let (hands, boots) = hands_and_boots_z(&SkierPose::skiing(stride));
        // The leg ahead and the other side's arm ahead go together.
        assert_eq!(
            boots[0] > boots[1],
            hands[1] > hands[0],
            "{stride}: {hands:?} {boots:?}"
        );
    }
    // Double poling: both arms together and the boots side by side.
    let (hands, boots) = hands_and_boots_z(&SkierPose {
        poling: 1.0,
        ..SkierPose::skiing(0.25)
    });
    assert!((hands[0] - hands[1]).abs() < 0.05, "{hands:?}");
    assert!((boots[0] - boots[1]).abs() < 0.05, "{boots:?}");
}

/// Largest distance any vertex moves between two poses of the same skier.
fn largest_move(a: &SkierPose, b: &SkierPose) -> f32 {
    let (a, b) = (skier(a, Outfit::default()), skier(b, Outfit::default()));
    assert_eq!(a.positions.len(), b.positions.len());
    a.positions
        .iter()
        .zip(&b.positions)
        .map(|(p, q)| Vec3::from(*p).distance(Vec3::from(*q)))
        .fold(0.0, f32::max)
}

#[test]
fn every_action_starts_and_ends_on_the_stride_without_a_pop() {
    let stride = SkierPose::skiing(0.3);
    // A pop is a jump larger than the stride itself makes in a tick at speed (a 6 m stride at
    // 12 m/s, 60 ticks a second).
    let pop_m = largest_move(&stride, &SkierPose::skiing(0.3 + 12.0 / 6.0 / 60.0));
    let actions: [fn(f32) -> SkierPose; 5] = [
        |t| SkierPose {
            tumble: Some(t),
            ..SkierPose::skiing(0.3)
        },
        |t| SkierPose {
            landing: Some(t),
            ..SkierPose::skiing(0.3)
        },
        |t| SkierPose {
            stumble: Some(t),
            ..SkierPose::skiing(0.3)
        },
        |t| SkierPose {
            vertical: VerticalPose::Jump { progress: t },
            ..SkierPose::skiing(0.3)
        },
        |t| SkierPose {
            vertical: VerticalPose::Duck { progress: t },
            ..SkierPose::skiing(0.3)
        },
    ];
    for (k, action) in actions.iter().enumerate() {
        for end in [0.001, 0.999] {
            let moved = largest_move(&stride, &action(end));
            assert!(
                moved < pop_m,
                "action {k} at {end}: a vertex jumps {moved} m"
            );
        }
    }
    // The poling burst eases in over 20 ticks: a twentieth at a time.
    let poling = SkierPose {
        poling: 0.05,
        ..stride
    };
    assert!(largest_move(&stride, &poling) < pop_m);
    // The tumble really throws the skier over: the skis go above the head.
    let rolled = skier(&actions[0](0.33), Outfit::default());
    let ski_top = bounds_where(&rolled, |p| p.y > 0.0).unwrap().1.y;
    assert!(ski_top > 0.8, "{ski_top}");
}

#[test]
fn every_athlete_has_its_own_silhouette_and_still_ducks_under_a_duck_obstacle() {
    use latu::shop::athlete::Athlete;
    let mut extents: Vec<(Vec3, Vec3)> = Vec::new();
    for athlete in Athlete::all() {
        let outfit = Outfit {
            athlete,
            ..Outfit::default()
        };
        let name = athlete.spec().name;
        let standing = skier(&SkierPose::skiing(0.25), outfit);
        assert_well_formed(name, &standing);
        let (lo, hi) = bounds(&standing);
        let ducked_top = bounds(&skier(&duck(0.5), outfit)).1.y;
        assert!(
            ducked_top < DUCK_OBSTACLE_CLEARANCE as f32,
            "{name} ducked reaches {ducked_top} m"
        );
        for (other_lo, other_hi) in &extents {
            let apart = (hi - lo - (*other_hi - *other_lo)).abs().max_element();
            assert!(apart > 0.05, "{name}'s build is like another's");
        }
        extents.push((lo, hi));
    }
}

#[test]
fn the_finish_line_raises_both_arms_and_poles_above_the_head_and_they_stay_up() {
    let mut cues = PoseCues::default();
    cues.note(&RunEvent::Finished, Tick::new(100));
    assert_eq!(cues.victory(Tick::new(99)), None, "not before the line");
    let rising = cues.victory(Tick::new(110)).expect("rising");
    assert!(rising > 0.0 && rising < 1.0);
    assert_eq!(cues.victory(Tick::new(10_000)), Some(1.0), "held up");
    let skiing = top(&SkierPose::skiing(0.0));
    let up = top(&with(|p| p.victory = Some(1.0)));
    assert!(up > skiing + 0.5, "arms up reach {up} m, skiing {skiing} m");
    let (_, head_high) = bounds_where(
        &skier(&with(|p| p.victory = Some(1.0)), Outfit::default()),
        |p| p.y > skiing,
    )
    .expect("something above the head");
    assert!(head_high.y >= up - 1e-3);
}
