//! The characters of a line in the order and shapes they are drawn in, one glyph after the
//! other left to right (the game's fonts are drawn without a shaping engine):
//! - Arabic letters take their joined forms (initial, medial, final, isolated) from Unicode's
//!   presentation forms, lam and alef their ligature;
//! - right-to-left runs (Hebrew, Arabic) are laid out right to left, numbers and Latin inside
//!   them left to right (the Unicode bidi algorithm's levels, for the few kinds of characters
//!   a name holds); a mark stays with the letter it sits on.

use super::coverage::Face;

/// `text` in the order and shapes its glyphs are drawn left to right.
pub fn visual_order(text: &str) -> String {
    let shaped = join_arabic(text);
    if !shaped.chars().any(is_rtl) {
        return shaped;
    }
    let clusters = clusters(&shaped);
    let levels = levels(&clusters);
    let mut order: Vec<usize> = (0..clusters.len()).collect();
    let highest = levels.iter().copied().max().unwrap_or(0);
    for level in (1..=highest).rev() {
        let mut start = 0;
        while start < order.len() {
            if levels[order[start]] < level {
                start += 1;
                continue;
            }
            let end = (start..order.len())
                .find(|&i| levels[order[i]] < level)
                .unwrap_or(order.len());
            order[start..end].reverse();
            start = end;
        }
    }
    order.into_iter().map(|i| clusters[i].as_str()).collect()
}

/// Whether `c` is written right to left.
fn is_rtl(c: char) -> bool {
    matches!(u32::from(c), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF)
}

/// A mark drawn on the letter before it (no advance of its own).
fn is_mark(c: char) -> bool {
    matches!(
        u32::from(c),
        0x0300..=0x036F
            | 0x0591..=0x05BD
            | 0x05BF
            | 0x05C1..=0x05C2
            | 0x05C4..=0x05C5
            | 0x05C7
            | 0x064B..=0x065F
            | 0x0670
            | 0x0E31
            | 0x0E34..=0x0E3A
            | 0x0E47..=0x0E4E
    )
}

/// Each letter with the marks on it.
fn clusters(text: &str) -> Vec<String> {
    let mut clusters: Vec<String> = Vec::new();
    for c in text.chars() {
        match clusters.last_mut() {
            Some(last) if is_mark(c) => last.push(c),
            _ => clusters.push(c.to_string()),
        }
    }
    clusters
}

/// What a cluster is for the bidi levels.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Rtl,
    Ltr,
    Number,
    Neutral,
}

fn kind(cluster: &str) -> Kind {
    let c = cluster.chars().next().unwrap_or(' ');
    if is_rtl(c) {
        Kind::Rtl
    } else if c.is_ascii_digit() {
        Kind::Number
    } else if c.is_alphanumeric() {
        Kind::Ltr
    } else {
        Kind::Neutral
    }
}

/// Each cluster's embedding level: the line's direction from its first strong letter; right to
/// left letters odd, left to right ones and numbers even above them; a neutral between two of
/// one direction takes it, else the line's.
fn levels(clusters: &[String]) -> Vec<u8> {
    let kinds: Vec<Kind> = clusters.iter().map(|c| kind(c)).collect();
    let rtl_line = kinds
        .iter()
        .find(|k| matches!(k, Kind::Rtl | Kind::Ltr))
        .is_some_and(|k| *k == Kind::Rtl);
    let strong = |kind: Kind| match (kind, rtl_line) {
        (Kind::Rtl, _) => Some(1),
        (Kind::Ltr | Kind::Number, true) => Some(2),
        (Kind::Ltr, false) => Some(0),
        (Kind::Number, false) => None,
        (Kind::Neutral, _) => None,
    };
    let line = u8::from(rtl_line);
    (0..kinds.len())
        .map(|i| {
            strong(kinds[i]).unwrap_or_else(|| {
                let before = kinds[..i].iter().rev().find_map(|k| strong(*k));
                let after = kinds[i + 1..].iter().find_map(|k| strong(*k));
                match (before, after) {
                    (Some(b), Some(a)) if b == a => b,
                    (Some(b), None) if kinds[i] == Kind::Number => b,
                    _ => line,
                }
            })
        })
        .collect()
}

/// A letter's presentation forms: isolated, and final, initial and medial where it has them.
type Forms = (char, char, Option<char>, Option<char>, Option<char>);

/// Arabic letters joined: each takes the form its neighbours ask for (marks between letters
/// are passed over), lam and alef one ligature. A form the names' Arabic font lacks leaves the
/// letter as it is.
fn join_arabic(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let forms = |c: char| ARABIC_FORMS.iter().find(|row| row.0 == c);
    let neighbour = |from: usize, step: isize| {
        let mut i = from as isize + step;
        while i >= 0 && (i as usize) < chars.len() && is_mark(chars[i as usize]) {
            i += step;
        }
        (i >= 0 && (i as usize) < chars.len()).then(|| chars[i as usize])
    };
    let joins_next = |c: char| c == TATWEEL || forms(c).is_some_and(|f| f.3.is_some());
    let joins_previous = |c: char| c == TATWEEL || forms(c).is_some_and(|f| f.2.is_some());
    let drawn = |form: Option<char>| form.filter(|&f| Face::Arabic.has(f));
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let Some(&(_, isolated, final_, initial, medial)) = forms(c) else {
            out.push(c);
            i += 1;
            continue;
        };
        let after_joined = neighbour(i, -1).is_some_and(joins_next) && final_.is_some();
        if c == LAM {
            let next = neighbour(i, 1);
            if let Some(&(_, lone, joined)) = LAM_ALEF.iter().find(|row| Some(row.0) == next) {
                let ligature = if after_joined { joined } else { lone };
                if let Some(ligature) = drawn(Some(ligature)) {
                    out.push(ligature);
                    // The marks between lam and alef, then past the alef.
                    let alef = (i + 1..chars.len())
                        .find(|&j| !is_mark(chars[j]))
                        .unwrap_or(i);
                    out.extend(&chars[i + 1..alef]);
                    i = alef + 1;
                    continue;
                }
            }
        }
        let before_joined = initial.is_some() && neighbour(i, 1).is_some_and(joins_previous);
        let form = match (after_joined, before_joined) {
            (true, true) => medial,
            (true, false) => final_,
            (false, true) => initial,
            (false, false) => Some(isolated),
        };
        out.push(drawn(form).unwrap_or(c));
        i += 1;
    }
    out
}

const LAM: char = '\u{0644}';
const TATWEEL: char = '\u{0640}';

/// Lam followed by an alef: the ligature's isolated and final forms.
const LAM_ALEF: [(char, char, char); 4] = [
    ('\u{0622}', '\u{fef5}', '\u{fef6}'),
    ('\u{0623}', '\u{fef7}', '\u{fef8}'),
    ('\u{0625}', '\u{fef9}', '\u{fefa}'),
    ('\u{0627}', '\u{fefb}', '\u{fefc}'),
];

/// Each Arabic letter's presentation forms (Unicode's decompositions of U+FB50-FDFF and
/// U+FE70-FEFF).
#[rustfmt::skip]
const ARABIC_FORMS: &[Forms] = &[
    ('\u{0621}', '\u{fe80}', None, None, None),
    ('\u{0622}', '\u{fe81}', Some('\u{fe82}'), None, None),
    ('\u{0623}', '\u{fe83}', Some('\u{fe84}'), None, None),
    ('\u{0624}', '\u{fe85}', Some('\u{fe86}'), None, None),
    ('\u{0625}', '\u{fe87}', Some('\u{fe88}'), None, None),
    ('\u{0626}', '\u{fe89}', Some('\u{fe8a}'), Some('\u{fe8b}'), Some('\u{fe8c}')),
    ('\u{0627}', '\u{fe8d}', Some('\u{fe8e}'), None, None),
    ('\u{0628}', '\u{fe8f}', Some('\u{fe90}'), Some('\u{fe91}'), Some('\u{fe92}')),
    ('\u{0629}', '\u{fe93}', Some('\u{fe94}'), None, None),
    ('\u{062a}', '\u{fe95}', Some('\u{fe96}'), Some('\u{fe97}'), Some('\u{fe98}')),
    ('\u{062b}', '\u{fe99}', Some('\u{fe9a}'), Some('\u{fe9b}'), Some('\u{fe9c}')),
    ('\u{062c}', '\u{fe9d}', Some('\u{fe9e}'), Some('\u{fe9f}'), Some('\u{fea0}')),
    ('\u{062d}', '\u{fea1}', Some('\u{fea2}'), Some('\u{fea3}'), Some('\u{fea4}')),
    ('\u{062e}', '\u{fea5}', Some('\u{fea6}'), Some('\u{fea7}'), Some('\u{fea8}')),
    ('\u{062f}', '\u{fea9}', Some('\u{feaa}'), None, None),
    ('\u{0630}', '\u{feab}', Some('\u{feac}'), None, None),
    ('\u{0631}', '\u{fead}', Some('\u{feae}'), None, None),
    ('\u{0632}', '\u{feaf}', Some('\u{feb0}'), None, None),
    ('\u{0633}', '\u{feb1}', Some('\u{feb2}'), Some('\u{feb3}'), Some('\u{feb4}')),
    ('\u{0634}', '\u{feb5}', Some('\u{feb6}'), Some('\u{feb7}'), Some('\u{feb8}')),
    ('\u{0635}', '\u{feb9}', Some('\u{feba}'), Some('\u{febb}'), Some('\u{febc}')),
    ('\u{0636}', '\u{febd}', Some('\u{febe}'), Some('\u{febf}'), Some('\u{fec0}')),
    ('\u{0637}', '\u{fec1}', Some('\u{fec2}'), Some('\u{fec3}'), Some('\u{fec4}')),
    ('\u{0638}', '\u{fec5}', Some('\u{fec6}'), Some('\u{fec7}'), Some('\u{fec8}')),
    ('\u{0639}', '\u{fec9}', Some('\u{feca}'), Some('\u{fecb}'), Some('\u{fecc}')),
    ('\u{063a}', '\u{fecd}', Some('\u{fece}'), Some('\u{fecf}'), Some('\u{fed0}')),
    ('\u{0641}', '\u{fed1}', Some('\u{fed2}'), Some('\u{fed3}'), Some('\u{fed4}')),
    ('\u{0642}', '\u{fed5}', Some('\u{fed6}'), Some('\u{fed7}'), Some('\u{fed8}')),
    ('\u{0643}', '\u{fed9}', Some('\u{feda}'), Some('\u{fedb}'), Some('\u{fedc}')),
    ('\u{0644}', '\u{fedd}', Some('\u{fede}'), Some('\u{fedf}'), Some('\u{fee0}')),
    ('\u{0645}', '\u{fee1}', Some('\u{fee2}'), Some('\u{fee3}'), Some('\u{fee4}')),
    ('\u{0646}', '\u{fee5}', Some('\u{fee6}'), Some('\u{fee7}'), Some('\u{fee8}')),
    ('\u{0647}', '\u{fee9}', Some('\u{feea}'), Some('\u{feeb}'), Some('\u{feec}')),
    ('\u{0648}', '\u{feed}', Some('\u{feee}'), None, None),
    ('\u{0649}', '\u{feef}', Some('\u{fef0}'), Some('\u{fbe8}'), Some('\u{fbe9}')),
    ('\u{064a}', '\u{fef1}', Some('\u{fef2}'), Some('\u{fef3}'), Some('\u{fef4}')),
    ('\u{0671}', '\u{fb50}', Some('\u{fb51}'), None, None),
    ('\u{0677}', '\u{fbdd}', None, None, None),
    ('\u{0679}', '\u{fb66}', Some('\u{fb67}'), Some('\u{fb68}'), Some('\u{fb69}')),
    ('\u{067a}', '\u{fb5e}', Some('\u{fb5f}'), Some('\u{fb60}'), Some('\u{fb61}')),
    ('\u{067b}', '\u{fb52}', Some('\u{fb53}'), Some('\u{fb54}'), Some('\u{fb55}')),
    ('\u{067e}', '\u{fb56}', Some('\u{fb57}'), Some('\u{fb58}'), Some('\u{fb59}')),
    ('\u{067f}', '\u{fb62}', Some('\u{fb63}'), Some('\u{fb64}'), Some('\u{fb65}')),
    ('\u{0680}', '\u{fb5a}', Some('\u{fb5b}'), Some('\u{fb5c}'), Some('\u{fb5d}')),
    ('\u{0683}', '\u{fb76}', Some('\u{fb77}'), Some('\u{fb78}'), Some('\u{fb79}')),
    ('\u{0684}', '\u{fb72}', Some('\u{fb73}'), Some('\u{fb74}'), Some('\u{fb75}')),
    ('\u{0686}', '\u{fb7a}', Some('\u{fb7b}'), Some('\u{fb7c}'), Some('\u{fb7d}')),
    ('\u{0687}', '\u{fb7e}', Some('\u{fb7f}'), Some('\u{fb80}'), Some('\u{fb81}')),
    ('\u{0688}', '\u{fb88}', Some('\u{fb89}'), None, None),
    ('\u{068c}', '\u{fb84}', Some('\u{fb85}'), None, None),
    ('\u{068d}', '\u{fb82}', Some('\u{fb83}'), None, None),
    ('\u{068e}', '\u{fb86}', Some('\u{fb87}'), None, None),
    ('\u{0691}', '\u{fb8c}', Some('\u{fb8d}'), None, None),
    ('\u{0698}', '\u{fb8a}', Some('\u{fb8b}'), None, None),
    ('\u{06a4}', '\u{fb6a}', Some('\u{fb6b}'), Some('\u{fb6c}'), Some('\u{fb6d}')),
    ('\u{06a6}', '\u{fb6e}', Some('\u{fb6f}'), Some('\u{fb70}'), Some('\u{fb71}')),
    ('\u{06a9}', '\u{fb8e}', Some('\u{fb8f}'), Some('\u{fb90}'), Some('\u{fb91}')),
    ('\u{06ad}', '\u{fbd3}', Some('\u{fbd4}'), Some('\u{fbd5}'), Some('\u{fbd6}')),
    ('\u{06af}', '\u{fb92}', Some('\u{fb93}'), Some('\u{fb94}'), Some('\u{fb95}')),
    ('\u{06b1}', '\u{fb9a}', Some('\u{fb9b}'), Some('\u{fb9c}'), Some('\u{fb9d}')),
    ('\u{06b3}', '\u{fb96}', Some('\u{fb97}'), Some('\u{fb98}'), Some('\u{fb99}')),
    ('\u{06ba}', '\u{fb9e}', Some('\u{fb9f}'), None, None),
    ('\u{06bb}', '\u{fba0}', Some('\u{fba1}'), Some('\u{fba2}'), Some('\u{fba3}')),
    ('\u{06be}', '\u{fbaa}', Some('\u{fbab}'), Some('\u{fbac}'), Some('\u{fbad}')),
    ('\u{06c0}', '\u{fba4}', Some('\u{fba5}'), None, None),
    ('\u{06c1}', '\u{fba6}', Some('\u{fba7}'), Some('\u{fba8}'), Some('\u{fba9}')),
    ('\u{06c5}', '\u{fbe0}', Some('\u{fbe1}'), None, None),
    ('\u{06c6}', '\u{fbd9}', Some('\u{fbda}'), None, None),
    ('\u{06c7}', '\u{fbd7}', Some('\u{fbd8}'), None, None),
    ('\u{06c8}', '\u{fbdb}', Some('\u{fbdc}'), None, None),
    ('\u{06c9}', '\u{fbe2}', Some('\u{fbe3}'), None, None),
    ('\u{06cb}', '\u{fbde}', Some('\u{fbdf}'), None, None),
    ('\u{06cc}', '\u{fbfc}', Some('\u{fbfd}'), Some('\u{fbfe}'), Some('\u{fbff}')),
    ('\u{06d0}', '\u{fbe4}', Some('\u{fbe5}'), Some('\u{fbe6}'), Some('\u{fbe7}')),
    ('\u{06d2}', '\u{fbae}', Some('\u{fbaf}'), None, None),
    ('\u{06d3}', '\u{fbb0}', Some('\u{fbb1}'), None, None),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_is_left_as_it_is() {
        assert_eq!(visual_order("Kai 2"), "Kai 2");
    }

    #[test]
    fn hebrew_is_laid_out_right_to_left_with_its_numbers_left_to_right() {
        // "shalom 42": the letters reversed, the number kept in its order, on the left.
        let text = "\u{05e9}\u{05dc}\u{05d5}\u{05dd} 42";
        assert_eq!(visual_order(text), "42 \u{05dd}\u{05d5}\u{05dc}\u{05e9}");
    }

    #[test]
    fn arabic_letters_are_joined_and_laid_out_right_to_left() {
        // Muhammad: meem hah meem dal -> initial meem, medial hah, medial meem, final dal.
        let text = "\u{0645}\u{062d}\u{0645}\u{062f}";
        assert_eq!(visual_order(text), "\u{feaa}\u{fee4}\u{fea4}\u{fee3}");
        // Lam-alef is one ligature.
        assert_eq!(visual_order("\u{0644}\u{0627}"), "\u{fefb}");
    }

    #[test]
    fn a_mark_stays_on_its_letter() {
        // Hebrew bet with a dagesh, then alef.
        let text = "\u{05d1}\u{05bc}\u{05d0}";
        assert_eq!(visual_order(text), "\u{05d0}\u{05d1}\u{05bc}");
    }
}
