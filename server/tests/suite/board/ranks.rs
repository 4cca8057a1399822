//! Ranking rules on the store itself: ties by who got there first, a repeated score never moves
//! a player down, a better run replaces the entry, one entry per player per board.

use crate::support::Databases;
use latu::online::contract::Prints;
use latu_server::store::{BoardStore, NewRun, Submitted};

fn run(player: &str, value: i64, at_us: i64, inputs: &str) -> NewRun {
    NewRun {
        player: player.to_string(),
        board: "level-2-track-1".to_string(),
        score: value,
        time_s: 100.0,
        misses: 0,
        distance_m: 1000.0,
        value: value as f64,
        rifle: latu::shooting::Rifle::Training,
        inputs_sha256: inputs.to_string(),
        // One input whose key is the label's bytes: equal labels, equal inputs.
        prints: Prints::from_text(&format!(
            "{}:1",
            latu_server::players::identity::hex(inputs.as_bytes())
        ))
        .expect("prints"),
        replay: "{}".to_string(),
        at_us,
    }
}

pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    let store = BoardStore::open(&db.fresh("ranks")).await.expect("opened");
    for (key, name) in [("a", "Anna"), ("b", "Bert"), ("c", "Cili")] {
        store
            .register(key, name, &name.to_lowercase(), 0, 1, "")
            .await
            .expect("registered");
    }
    let best = |s: Submitted| match s {
        Submitted::Best { rank, of, .. } => (rank, of),
        other => panic!("{label}: not a best: {other:?}"),
    };
    // Bert gets to 5000 first, Anna later: Bert ranks above her.
    assert_eq!(
        best(store.submit(&run("b", 5000, 10, "b1")).await.expect("ok")),
        (1, 1)
    );
    assert_eq!(
        best(store.submit(&run("a", 5000, 20, "a1")).await.expect("ok")),
        (2, 2)
    );
    // Bert repeats his score later: nothing changes, he stays first (osu!'s bug).
    match store.submit(&run("b", 5000, 30, "b2")).await.expect("ok") {
        Submitted::NotBetter { rank, of, .. } => assert_eq!((rank, of), (1, 2), "{label}"),
        other => panic!("{label}: {other:?}"),
    }
    // Cili beats both; Anna improves past Bert: one entry each.
    assert_eq!(
        best(store.submit(&run("c", 6000, 40, "c1")).await.expect("ok")),
        (1, 3)
    );
    assert_eq!(
        best(store.submit(&run("a", 5500, 50, "a2")).await.expect("ok")),
        (2, 3)
    );
    let (of, top, around) = store
        .board("level-2-track-1", 10, Some("b"), 2)
        .await
        .expect("ok");
    assert_eq!(of, 3);
    let order: Vec<&str> = top.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(order, ["Cili", "Anna", "Bert"], "{label}");
    assert_eq!(
        top[2].at_us, 10,
        "{label}: Bert's entry keeps the time he got there"
    );
    assert_eq!(around.iter().map(|e| e.rank).collect::<Vec<_>>(), [1, 2, 3]);
    // Another player's inputs on this board are a copied ghost.
    assert_eq!(
        store.submit(&run("b", 9000, 60, "c1")).await.expect("ok"),
        Submitted::Copied
    );
}
