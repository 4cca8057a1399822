//! Course generation: layouts, the safe line, fairness, the validator and the pinned fingerprints.

mod course_fairness;
mod course_golden;
mod course_layout;
mod course_safe_line;
mod course_shape;
mod course_validator;
