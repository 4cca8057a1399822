//! The athletes the player can ski as: each its own build, head and colours, chosen in the
//! shop. Cosmetic only — the simulation never sees who skis, so no athlete changes a ranked
//! score. Builds and looks in one table, [`ATHLETES`].

/// An athlete. Its build, looks and price are in [`ATHLETES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Athlete {
    /// The all-rounder everyone starts with.
    #[default]
    Aino,
    /// Tall and lean.
    Lauri,
    /// The veteran: broad and compact, a grey beard and a cap.
    Veikko,
    /// The junior: small, a big head, a headband instead of a hat.
    Ella,
}

/// What an athlete wears on the head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Headwear {
    /// The knitted hat with a pompom (in the suit's hat colour).
    BobbleHat,
    /// A peaked cap (in the suit's hat colour).
    Cap,
    /// A headband (in the suit's hat colour) over the athlete's hair.
    Headband,
}

/// An athlete's row: names, price, build and looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AthleteSpec {
    pub athlete: Athlete,
    pub id: &'static str,
    pub name: &'static str,
    /// Who they are, in a few words (the shop's line under the name).
    pub line: &'static str,
    pub price: u32,
    /// The whole figure scaled across, up and along (1: the all-rounder's build), about the
    /// soles: the silhouette at a glance.
    pub build: [f32; 3],
    /// The head's size against the all-rounder's.
    pub head: f32,
    pub skin: [u8; 4],
    pub hair: [u8; 4],
    pub headwear: Headwear,
    /// A beard, in its colour.
    pub beard: Option<[u8; 4]>,
}

/// Every athlete, the free one first.
pub const ATHLETES: [AthleteSpec; 4] = [
    AthleteSpec {
        athlete: Athlete::Aino,
        id: "aino",
        name: "Aino",
        line: "All-rounder",
        price: 0,
        build: [1.0, 1.0, 1.0],
        head: 1.0,
        skin: [228, 178, 146, 255],
        hair: [196, 150, 70, 255],
        headwear: Headwear::BobbleHat,
        beard: None,
    },
    AthleteSpec {
        athlete: Athlete::Lauri,
        id: "lauri",
        name: "Lauri",
        line: "Tall and lean",
        price: 150,
        build: [0.86, 1.12, 0.9],
        head: 0.95,
        skin: [238, 196, 168, 255],
        hair: [40, 30, 24, 255],
        headwear: Headwear::Headband,
        beard: None,
    },
    AthleteSpec {
        athlete: Athlete::Veikko,
        id: "veikko",
        name: "Veikko",
        line: "Veteran: beard and cap",
        price: 250,
        build: [1.18, 0.95, 1.12],
        head: 1.05,
        skin: [204, 150, 118, 255],
        hair: [150, 150, 156, 255],
        headwear: Headwear::Cap,
        beard: Some([176, 176, 182, 255]),
    },
    AthleteSpec {
        athlete: Athlete::Ella,
        id: "ella",
        name: "Ella",
        line: "Junior",
        price: 200,
        build: [0.9, 0.82, 0.9],
        head: 1.22,
        skin: [150, 104, 76, 255],
        hair: [28, 20, 16, 255],
        headwear: Headwear::Headband,
        beard: None,
    },
];

impl Athlete {
    /// Every athlete, in the shop's order.
    pub fn all() -> impl Iterator<Item = Athlete> {
        ATHLETES.iter().map(|spec| spec.athlete)
    }

    /// This athlete's row of [`ATHLETES`].
    pub fn spec(self) -> &'static AthleteSpec {
        ATHLETES
            .iter()
            .find(|spec| spec.athlete == self)
            .expect("every athlete has a row in ATHLETES")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_athlete_is_free_with_the_standard_build_and_the_rest_differ() {
        let first = Athlete::default().spec();
        assert_eq!((first.price, first.build, first.head), (0, [1.0; 3], 1.0));
        for (k, a) in ATHLETES.iter().enumerate() {
            assert!(k == 0 || a.price > 0, "{} is free", a.name);
            for b in &ATHLETES[k + 1..] {
                assert_ne!((a.build, a.headwear), (b.build, b.headwear), "{}", b.name);
                assert_ne!(a.id, b.id);
            }
        }
    }
}
