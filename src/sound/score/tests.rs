use super::*;

fn bank() -> Bank {
    Bank::from_samples(&bank_samples()).expect("the bank's own samples")
}

#[test]
fn the_main_section_lasts_over_ninety_seconds_before_it_repeats() {
    assert!(
        Section::Main.seconds() >= 90.0,
        "{}",
        Section::Main.seconds()
    );
    let bank = bank();
    for section in Section::ALL {
        let samples = assemble(section, &bank);
        let expected = (section.seconds() * f64::from(crate::sound::SAMPLE_RATE)).round();
        assert_eq!(samples.len(), expected as usize, "{section:?}");
    }
}

#[test]
fn no_two_phrases_of_the_main_section_are_the_same() {
    let samples = assemble(Section::Main, &bank());
    let phrase = sample_of(PHRASE_BARS, 0);
    let phrases: Vec<&[i16]> = samples.chunks(phrase).collect();
    for (i, a) in phrases.iter().enumerate() {
        for b in &phrases[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn a_bank_of_the_wrong_length_is_refused() {
    let mut samples = bank_samples();
    samples.pop();
    let error = Bank::from_samples(&samples).err().expect("refused");
    assert_eq!(error.found + 1, error.expected);
}

#[test]
fn the_run_picks_its_section_from_where_it_is() {
    let at = |to_finish: f64| Some((to_finish, 6000.0));
    assert_eq!(Section::for_run(Some(1000.0), at(4000.0)), Section::Main);
    assert_eq!(
        Section::for_run(Some(200.0), at(4000.0)),
        Section::RangeAhead
    );
    assert_eq!(
        Section::for_run(Some(200.0), at(900.0)),
        Section::LastKilometre
    );
    assert_eq!(Section::for_run(None, None), Section::Main);
    // A short course's last stretch is its last quarter.
    assert_eq!(Section::for_run(None, Some((900.0, 2000.0))), Section::Main);
    assert_eq!(
        Section::for_run(None, Some((400.0, 2000.0))),
        Section::LastKilometre
    );
}
