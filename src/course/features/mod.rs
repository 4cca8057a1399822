//! What the planner lays besides the obstacle rows and coins: snowmobiles that cross the lanes,
//! power-ups, ramps with time for a trick, and routes (a high trail and a low one).

pub mod movers;
pub mod pickups;
pub mod ramps;
pub mod routes;
