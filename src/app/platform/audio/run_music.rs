//! The run's music: its sections assembled from the stems' bank when the game loads
//! ([`crate::sound::score`]), each a looping sound, cross-faded as the run's moments change.

use crate::sound::score::{assemble, Bank, Section, BANK_FILE};
use crate::sound::{wav, SAMPLE_RATE};
use macroquad::audio::{self, PlaySoundParams, Sound};

/// Seconds a section takes to fade in as the one before fades out.
const CROSSFADE_S: f32 = 2.0;

/// The sections' sounds and how loud each is now (0–1 of the music's volume).
#[derive(Default)]
pub struct RunMusic {
    sections: Vec<(Section, Sound, f32)>,
    /// The section the run calls for; `None`: the run's music is off.
    wanted: Option<Section>,
}

impl RunMusic {
    /// Assemble every section from the bank in `folder`; a missing or wrong bank leaves the
    /// run silent of music (told once).
    pub async fn load(folder: &str) -> Self {
        let path = format!("{folder}/{BANK_FILE}");
        let bank = match macroquad::file::load_file(&path).await {
            Ok(bytes) => wav::mono_samples(&bytes)
                .map_err(|error| error.to_string())
                .and_then(|samples| Bank::from_samples(&samples).map_err(|e| e.to_string())),
            Err(error) => Err(error.to_string()),
        };
        let bank = match bank {
            Ok(bank) => bank,
            Err(error) => {
                crate::app::platform::log::tell_developers(&format!(
                    "latu: music {path} not loaded ({error}); the run plays without music"
                ));
                return Self::default();
            }
        };
        let mut sections = Vec::new();
        for section in Section::ALL {
            let bytes = wav::encode_mono(&assemble(section, &bank), SAMPLE_RATE);
            match audio::load_sound_from_bytes(&bytes).await {
                Ok(sound) => sections.push((section, sound, 0.0)),
                Err(error) => crate::app::platform::log::tell_developers(&format!(
                    "latu: music section {section:?} not made ({error})"
                )),
            }
        }
        Self {
            sections,
            wanted: None,
        }
    }

    /// Start the run's music from its beginning (the main section), or stop it.
    pub fn start(&mut self, on: bool, volume: f32) {
        for (_, sound, level) in &mut self.sections {
            if *level > 0.0 {
                audio::stop_sound(sound);
            }
            *level = 0.0;
        }
        self.wanted = on.then_some(Section::Main);
        self.follow(Section::Main, CROSSFADE_S, volume);
    }

    /// Set the music's volume at once (it stepped aside or came back).
    pub fn set_volume(&self, volume: f32) {
        for (_, sound, level) in &self.sections {
            if *level > 0.0 {
                audio::set_sound_volume(sound, volume * *level);
            }
        }
    }

    /// Whether the run's music is on.
    pub fn is_on(&self) -> bool {
        self.wanted.is_some()
    }

    /// Move `frame_s` seconds of cross-fade towards `section` at the music's `volume`: a
    /// section starts from its beginning as it fades in and stops once faded out.
    pub fn follow(&mut self, section: Section, frame_s: f32, volume: f32) {
        if self.wanted.is_none() {
            return;
        }
        self.wanted = Some(section);
        let step = frame_s / CROSSFADE_S;
        for (which, sound, level) in &mut self.sections {
            let before = *level;
            let target = if *which == section { 1.0 } else { 0.0 };
            *level = if target > before {
                (before + step).min(1.0)
            } else {
                (before - step).max(0.0)
            };
            if before == 0.0 && *level > 0.0 {
                let params = PlaySoundParams {
                    looped: true,
                    volume: volume * *level,
                };
                audio::play_sound(sound, params);
            } else if before > 0.0 && *level == 0.0 {
                audio::stop_sound(sound);
            } else if *level > 0.0 {
                audio::set_sound_volume(sound, volume * *level);
            }
        }
    }
}
