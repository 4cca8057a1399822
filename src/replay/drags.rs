//! A run of touch drags written compactly (replay format 3, [`super::packing`]): each tick's
//! (dx, dy) as two zigzag numbers (0, −1, 1, −2 … as 0, 1, 2, 3 …), each number in groups of 5
//! bits, lowest first, one character per group from the URL-safe base64 alphabet, the group's
//! sixth bit set when another group of the same number follows. A thumb's drag moves the sight
//! a few to a few dozen units a tick, so a tick is 2–4 characters; the largest nudge a tick
//! allows (`crate::shooting::controls::MAX_AIM_UNITS_PER_TICK`) is 3 a number, 6 a tick.

/// The 64 characters, by value: plain JSON text, nothing to escape.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/// The bits of a number each character carries.
const GROUP_BITS: u32 = 5;
/// The bit saying another group follows.
const MORE: u8 = 1 << GROUP_BITS;
/// The groups an `i32` takes at most (32 bits, 5 a group).
const MOST_GROUPS: usize = 7;

/// The drags as text.
pub fn encode(drags: &[(i32, i32)]) -> String {
    let mut text = String::with_capacity(drags.len() * 4);
    for &(dx, dy) in drags {
        push(&mut text, dx);
        push(&mut text, dy);
    }
    text
}

fn push(text: &mut String, value: i32) {
    // Zigzag: small magnitudes, either sign, become small numbers.
    let mut rest = ((value << 1) ^ (value >> 31)) as u32;
    loop {
        let group = (rest & u32::from(MORE - 1)) as u8;
        rest >>= GROUP_BITS;
        let more = if rest == 0 { 0 } else { MORE };
        text.push(char::from(ALPHABET[usize::from(group | more)]));
        if rest == 0 {
            return;
        }
    }
}

/// The drags `text` spells, at most `most` of them; else what is wrong with it.
pub fn decode(text: &str, most: u64) -> Result<Vec<(i32, i32)>, String> {
    let mut numbers = Vec::new();
    let mut value = 0_u64;
    let mut groups = 0;
    for (at, byte) in text.bytes().enumerate() {
        let digit =
            ALPHABET.iter().position(|&c| c == byte).ok_or_else(|| {
                format!("holds {:?} at {at}, not a drag character", char::from(byte))
            })? as u8;
        value |= u64::from(digit & (MORE - 1)) << (GROUP_BITS * groups as u32);
        groups += 1;
        if digit & MORE != 0 {
            if groups == MOST_GROUPS {
                return Err(format!("holds a number too long at {at}"));
            }
            continue;
        }
        let zigzag =
            u32::try_from(value).map_err(|_| format!("holds a number too large at {at}"))?;
        numbers.push((zigzag >> 1) as i32 ^ -((zigzag & 1) as i32));
        (value, groups) = (0, 0);
        if numbers.len() as u64 > most.saturating_mul(2) {
            return Err(format!("spells more than {most} ticks"));
        }
    }
    if groups != 0 || numbers.len() % 2 != 0 {
        return Err("ends in the middle of a drag".to_owned());
    }
    Ok(numbers.chunks(2).map(|pair| (pair[0], pair[1])).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drags_read_back_as_written_from_the_smallest_to_the_largest() {
        let drags = vec![
            (0, 0),
            (1, -1),
            (-16, 15),
            (9210, -9210),
            (i32::MAX, i32::MIN),
        ];
        let text = encode(&drags);
        assert_eq!(&text[..2], "AA");
        assert_eq!(&text[2..4], "CB");
        assert_eq!(decode(&text, 10), Ok(drags));
        // The largest nudge a tick allows is 3 characters a number.
        assert_eq!(encode(&[(9210, -9210)]).len(), 6);
    }

    #[test]
    fn text_that_is_no_drags_is_refused() {
        assert!(decode("A", 10).is_err(), "half a drag");
        assert!(
            decode("Ag", 10).is_err(),
            "a number that goes on past the end"
        );
        assert!(decode("A=", 10).is_err(), "not a drag character");
        assert!(decode("gggggggA", 10).is_err(), "longer than an i32");
        assert!(decode("ggggggHAA", 10).is_err(), "past an i32's bits");
        assert!(decode("AAAAAA", 2).is_err(), "more ticks than allowed");
        assert_eq!(decode("", 2), Ok(Vec::new()));
    }
}
