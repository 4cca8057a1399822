//! The earliest fair schedule through rows of obstacles, and the safe line it proves exists.
//!
//! For each row and each lane the skier could clear it in, the schedule keeps the earliest end of
//! the row's action and how the skier got there (from which lane, when it moved, when it acted).

use super::FairnessError;
use crate::course::model::{Lane, Obstacle, ObstacleClass, SkierParams, ACTION_MARGIN, LANES};

/// Obstacles whose extents overlap: cleared together by one action.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Row {
    pub z: f64,
    /// Far edge of the deepest obstacle.
    pub end: f64,
    pub class: ObstacleClass,
    pub blocked: [bool; LANES as usize],
    /// The skier's parameters at the row (Endless ramps): they count for the row and for the
    /// run-up to it, which is conservative since speed never falls along a course.
    pub skier: SkierParams,
}

/// Group obstacles (sorted by `z`) into rows of overlapping extents, with the skier's parameters
/// at each row's near edge.
pub(super) fn rows(
    obstacles: &[Obstacle],
    skier_at: &dyn Fn(f64) -> SkierParams,
) -> Result<Vec<Row>, FairnessError> {
    let mut rows: Vec<Row> = Vec::new();
    for obstacle in obstacles {
        let end = obstacle.z + obstacle.depth;
        match rows.last_mut() {
            Some(row) if obstacle.z <= row.end => {
                if row.class != obstacle.class {
                    return Err(FairnessError::MixedRow {
                        z: obstacle.z,
                        classes: [row.class, obstacle.class],
                    });
                }
                row.end = row.end.max(end);
                for &lane in &obstacle.lanes {
                    row.blocked[usize::from(lane)] = true;
                }
            }
            _ => {
                let mut blocked = [false; LANES as usize];
                for &lane in &obstacle.lanes {
                    blocked[usize::from(lane)] = true;
                }
                rows.push(Row {
                    z: obstacle.z,
                    end,
                    class: obstacle.class,
                    blocked,
                    skier: skier_at(obstacle.z),
                });
            }
        }
    }
    Ok(rows)
}

/// The length of the action that clears a jump or duck row; `None` for dodge rows.
pub(super) fn action_length(class: ObstacleClass, skier: &SkierParams) -> Option<f64> {
    match class {
        ObstacleClass::Jump => Some(skier.jump_length),
        ObstacleClass::Duck => Some(skier.duck_length),
        ObstacleClass::Dodge => None,
    }
}

/// How the skier clears one row in one lane on the earliest schedule.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Step {
    /// Lane the skier was in after the previous row.
    from: Lane,
    /// Where the lane changes start (when `from` differs from the row's lane).
    change_at: f64,
    /// Where the jump or duck starts (jump and duck rows); on a dodge row, where the skier is
    /// in the free lane and has reacted: the row's act point either way.
    action_at: f64,
}

/// The earliest schedule through a section: per row, per lane, the step that clears it there.
pub(super) struct Schedule {
    steps: Vec<[Option<Step>; LANES as usize]>,
    /// Earliest end of the last action, per lane (infinite: unreachable).
    ends: [f64; LANES as usize],
    start_lane: Lane,
}

/// Schedule `rows` for a skier in `start_lane` whose last action ended at `start`.
pub(super) fn schedule(
    rows: &[Row],
    start: f64,
    start_lane: Lane,
) -> Result<Schedule, FairnessError> {
    let (schedule, failure) = forward(rows, start, start_lane);
    match failure {
        Some(error) => Err(error),
        None => Ok(schedule),
    }
}

/// The earliest act point of each row per lane on that schedule (see [`Step::action_at`]),
/// `None` where the row cannot be cleared in that lane — every row after one that cannot be
/// cleared at all included.
pub(super) fn earliest_act_points(
    rows: &[Row],
    start: f64,
    start_lane: Lane,
) -> Vec<[Option<f64>; LANES as usize]> {
    let (schedule, _) = forward(rows, start, start_lane);
    let mut points: Vec<_> = schedule
        .steps
        .iter()
        .map(|steps| steps.map(|step| step.map(|step| step.action_at)))
        .collect();
    points.resize(rows.len(), [None; LANES as usize]);
    points
}

/// The earliest schedule as far as it goes, and why it stops short (the first row no lane
/// clears), if it does.
fn forward(rows: &[Row], start: f64, start_lane: Lane) -> (Schedule, Option<FairnessError>) {
    let mut ends = [f64::INFINITY; LANES as usize];
    ends[usize::from(start_lane)] = start;
    let mut steps = Vec::with_capacity(rows.len());
    let mut previous_z = None;
    for row in rows {
        let skier = &row.skier;
        let change = skier.lane_change_length();
        let mut next = [f64::INFINITY; LANES as usize];
        let mut row_steps = [None; LANES as usize];
        let mut short_by = f64::INFINITY;
        for lane in Lane::ALL {
            if row.blocked[usize::from(lane)] && row.class == ObstacleClass::Dodge {
                continue;
            }
            // The lane to come from: the earliest arrival, fewer lane changes on a tie.
            let arrival =
                |from: Lane| ends[usize::from(from)] + f64::from(from.abs_diff(lane)) * change;
            let mut from = lane;
            for candidate in Lane::ALL {
                if arrival(candidate) < arrival(from) {
                    from = candidate;
                }
            }
            let ready = arrival(from) + skier.reaction_distance();
            let deadline = row.z - ACTION_MARGIN;
            let (begin, end) = match action_length(row.class, skier) {
                None => (ready, row.end + ACTION_MARGIN),
                Some(length) => {
                    let begin = ready.max(row.end + ACTION_MARGIN - length);
                    (begin, begin + length)
                }
            };
            if begin <= deadline {
                next[usize::from(lane)] = end;
                row_steps[usize::from(lane)] = Some(Step {
                    from,
                    change_at: ends[usize::from(from)] + skier.reaction_distance(),
                    action_at: begin,
                });
            } else {
                short_by = short_by.min(begin - deadline);
            }
        }
        if next.iter().all(|e| e.is_infinite()) {
            let failure = FairnessError::TooClose {
                z: row.z,
                previous_z,
                start_lane,
                short_by,
            };
            let schedule = Schedule {
                steps,
                ends,
                start_lane,
            };
            return (schedule, Some(failure));
        }
        ends = next;
        steps.push(row_steps);
        previous_z = Some(row.z);
    }
    let schedule = Schedule {
        steps,
        ends,
        start_lane,
    };
    (schedule, None)
}

/// What the skier does at a point of the safe line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SafeLineAction {
    /// Start moving one lane sideways, to `to`.
    ChangeLane {
        to: Lane,
    },
    Jump,
    Duck,
}

/// One action of the safe line, started when the skier reaches `z`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Move {
    pub z: f64,
    pub action: SafeLineAction,
}

impl Schedule {
    /// The lane the skier ends the section in on the earliest schedule.
    pub(super) fn final_lane(&self) -> Lane {
        let mut best = self.start_lane;
        for lane in Lane::ALL {
            if self.ends[usize::from(lane)] < self.ends[usize::from(best)] {
                best = lane;
            }
        }
        best
    }

    /// The moves of the earliest schedule that ends in the final lane, in order.
    pub(super) fn moves(&self, rows: &[Row]) -> Vec<Move> {
        // Walk back from the final lane to find each row's lane and step.
        let mut lane = self.final_lane();
        let mut chosen = Vec::with_capacity(rows.len());
        for row_steps in self.steps.iter().rev() {
            let step = row_steps[usize::from(lane)]
                .expect("the schedule only records reachable lanes, and walks back through them");
            chosen.push((lane, step));
            lane = step.from;
        }
        chosen.reverse();
        let mut moves = Vec::new();
        for ((lane, step), row) in chosen.into_iter().zip(rows) {
            let skier = &row.skier;
            let mut at = step.from;
            let mut z = step.change_at;
            while at != lane {
                at = if lane > at { at.right() } else { at.left() }
                    .expect("a lane between two lanes exists");
                moves.push(Move {
                    z,
                    action: SafeLineAction::ChangeLane { to: at },
                });
                z += skier.lane_change_length();
            }
            let action = match row.class {
                ObstacleClass::Jump => Some(SafeLineAction::Jump),
                ObstacleClass::Duck => Some(SafeLineAction::Duck),
                ObstacleClass::Dodge => None,
            };
            if let Some(action) = action {
                moves.push(Move {
                    z: step.action_at,
                    action,
                });
            }
        }
        moves
    }
}
