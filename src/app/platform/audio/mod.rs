//! Sound playback through macroquad (quad-snd) that never takes the game down: with no audio
//! device, or a sound missing or broken, the game runs on silently.
//!
//! quad-snd opens the device on its own thread when the window opens and `panic!`s there if it
//! cannot (on Linux: no ALSA "default" or "pipewire" PCM); after that, every call into it prints
//! "Audio thread died" on stdout, and a sound file its decoder rejects panics on the caller's
//! thread. So: [`prepare_audio`] (before the window) probes the device the way quad-snd will and
//! hides quad-snd's thread panic; [`Sounds`] checks every file before handing it over and makes
//! no calls at all without a working device.

mod probe;
mod run_music;

use crate::sound::music::Track;
use crate::sound::score::Section;
use crate::sound::{wav, SoundEffect, SOUNDS_FOLDER, SWISH_FILE, WIND_FILE};
use macroquad::audio::{self, PlaySoundParams, Sound};
use run_music::RunMusic;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// What the probe found (decided once, before or at the first load).
static OUTPUT: OnceLock<probe::Output> = OnceLock::new();
/// Set when quad-snd's audio thread panicked: from then on nothing is sent to it.
static AUDIO_THREAD_DIED: AtomicBool = AtomicBool::new(false);

/// Call once before the window opens (and after installing any other panic hook, which this one
/// wraps): hides quad-snd's audio-thread panic (the game goes on silently instead) and probes
/// the output device while nothing else holds it. [`Sounds::load`] calls it too, but by then
/// quad-snd's thread may already have printed its panic.
pub fn prepare_audio() {
    static HOOK: OnceLock<()> = OnceLock::new();
    HOOK.get_or_init(|| {
        crate::app::platform::log::keep_quiet_about_panics(|info| {
            let in_quad_snd = info
                .location()
                .is_some_and(|l| l.file().contains("quad-snd"));
            // quad-snd's audio thread is unnamed; a panic on a named thread (main) is shown.
            let audio_thread = in_quad_snd && std::thread::current().name().is_none();
            if audio_thread {
                AUDIO_THREAD_DIED.store(true, Ordering::SeqCst);
            }
            audio_thread
        });
    });
    device_found();
}

fn output() -> probe::Output {
    *OUTPUT.get_or_init(probe::output_device)
}

fn device_found() -> bool {
    output() == probe::Output::Device
}

fn audio_alive() -> bool {
    device_found() && !AUDIO_THREAD_DIED.load(Ordering::SeqCst)
}

/// The game's sounds and their volumes. Every call is harmless when there is no sound.
pub struct Sounds {
    effects: Vec<(SoundEffect, Sound)>,
    wind: Option<Sound>,
    music: Vec<(Track, Sound)>,
    /// The run's music, in sections.
    run_music: RunMusic,
    /// The skis' swish, looping under the run at a volume that follows the speed.
    swish: Option<Sound>,
    swish_on: bool,
    effects_volume: f32,
    ambience_volume: f32,
    music_volume: f32,
    ambience_on: bool,
    /// The music loop playing, and whether it has stepped aside (at a range, paused).
    playing: Option<Track>,
    music_aside: bool,
}

impl Volumes {
    /// The player's saved volumes.
    pub fn of(settings: &crate::storage::Settings) -> Self {
        Self {
            effects: settings.effects_volume,
            ambience: settings.ambience_volume,
            music: settings.music_volume,
        }
    }
}

/// The music's share of its volume while it steps aside (at a range, under the pause card).
const MUSIC_ASIDE_SHARE: f32 = 0.3;

/// All the volumes the player sets, each from 0 (off) to 1 (full).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Volumes {
    pub effects: f32,
    pub ambience: f32,
    pub music: f32,
}

impl Sounds {
    /// Load every sound from `sounds/` in the assets folder (on desktop, the folder set with
    /// `macroquad::file::set_pc_assets_folder("assets")`; on Android, the APK's assets).
    /// Never fails: a missing or broken file is reported once on stderr and left out.
    pub async fn load() -> Sounds {
        Self::load_from(SOUNDS_FOLDER).await
    }

    /// [`Sounds::load`] from another folder.
    pub async fn load_from(folder: &str) -> Sounds {
        prepare_audio();
        let mut sounds = Sounds {
            effects: Vec::new(),
            wind: None,
            music: Vec::new(),
            run_music: RunMusic::default(),
            swish: None,
            swish_on: false,
            effects_volume: 1.0,
            ambience_volume: 1.0,
            music_volume: 1.0,
            ambience_on: false,
            playing: None,
            music_aside: false,
        };
        if !audio_alive() {
            // The null device was reported by the probe itself.
            if output() != probe::Output::NullDevice {
                crate::app::platform::log::tell_developers(
                    "latu: no audio output device; playing without sound",
                );
            }
            return sounds;
        }
        for effect in SoundEffect::ALL {
            if let Some(sound) = load_checked(folder, effect.file_name()).await {
                sounds.effects.push((effect, sound));
            }
        }
        sounds.wind = load_checked(folder, WIND_FILE).await;
        sounds.swish = load_checked(folder, SWISH_FILE).await;
        sounds.run_music = RunMusic::load(folder).await;
        for track in Track::ALL {
            if let Some(sound) = load_checked(folder, track.file_name()).await {
                sounds.music.push((track, sound));
            }
        }
        sounds
    }

    /// Whether sound is actually reaching a device.
    pub fn is_audible(&self) -> bool {
        audio_alive() && !(self.effects.is_empty() && self.wind.is_none())
    }

    /// Play an effect once at the effects volume.
    pub fn play(&self, effect: SoundEffect) {
        if self.effects_volume <= 0.0 || !audio_alive() {
            return;
        }
        if let Some((_, sound)) = self.effects.iter().find(|(e, _)| *e == effect) {
            let params = PlaySoundParams {
                looped: false,
                volume: self.effects_volume,
            };
            audio::play_sound(sound, params);
        }
    }

    /// Set the volumes; the ambience and the music follow at once.
    pub fn set_volumes(&mut self, volumes: Volumes) {
        self.effects_volume = unit(volumes.effects);
        self.ambience_volume = unit(volumes.ambience);
        self.music_volume = unit(volumes.music);
        if let (Some(wind), true) = (&self.wind, self.ambience_on && audio_alive()) {
            audio::set_sound_volume(wind, self.ambience_volume);
        }
        self.follow_music_volume();
    }

    /// Play `track` in a loop (nothing changes if it already plays; the other one and the
    /// run's music stop).
    pub fn play_music(&mut self, track: Track) {
        if self.playing == Some(track) || !audio_alive() {
            return;
        }
        if self.run_music.is_on() {
            self.run_music.start(false, 0.0);
        }
        if let Some(sound) = self.music_sound(self.playing) {
            audio::stop_sound(sound);
        }
        self.playing = None;
        if let Some(sound) = self.music_sound(Some(track)) {
            let params = PlaySoundParams {
                looped: true,
                volume: self.music_now(),
            };
            audio::play_sound(sound, params);
            self.playing = Some(track);
        }
    }

    /// Play the run's music from its start (nothing changes if it already plays; the menus'
    /// music stops).
    pub fn play_run_music(&mut self) {
        if self.run_music.is_on() || !audio_alive() {
            return;
        }
        if let Some(sound) = self.music_sound(self.playing) {
            audio::stop_sound(sound);
        }
        self.playing = None;
        let volume = self.music_now();
        self.run_music.start(true, volume);
    }

    /// Follow the run for `frame_s` seconds: its music towards `section`, the skis' swish at
    /// `swish` (0–1) of the effects' volume.
    pub fn follow_run(&mut self, section: Section, swish: f32, frame_s: f32) {
        if !audio_alive() {
            return;
        }
        let volume = self.music_now();
        self.run_music.follow(section, frame_s, volume);
        let Some(sound) = &self.swish else {
            return;
        };
        let level = self.effects_volume * unit(swish);
        if !self.swish_on {
            let params = PlaySoundParams {
                looped: true,
                volume: level,
            };
            audio::play_sound(sound, params);
            self.swish_on = true;
        } else {
            audio::set_sound_volume(sound, level);
        }
    }

    /// Let the music step aside (quieter) or come back.
    pub fn set_music_aside(&mut self, aside: bool) {
        if aside != self.music_aside {
            self.music_aside = aside;
            self.follow_music_volume();
        }
    }

    fn music_sound(&self, track: Option<Track>) -> Option<&Sound> {
        let track = track?;
        self.music.iter().find(|(t, _)| *t == track).map(|(_, s)| s)
    }

    /// The music's volume now: the player's, less while it steps aside.
    fn music_now(&self) -> f32 {
        if self.music_aside {
            self.music_volume * MUSIC_ASIDE_SHARE
        } else {
            self.music_volume
        }
    }

    fn follow_music_volume(&self) {
        if audio_alive() {
            self.run_music.set_volume(self.music_now());
        }
        if let (Some(sound), true) = (self.music_sound(self.playing), audio_alive()) {
            audio::set_sound_volume(sound, self.music_now());
        }
    }

    /// Start the looping wind (no effect if it is already playing).
    pub fn start_ambience(&mut self) {
        if self.ambience_on || !audio_alive() {
            return;
        }
        if let Some(wind) = &self.wind {
            let params = PlaySoundParams {
                looped: true,
                volume: self.ambience_volume,
            };
            audio::play_sound(wind, params);
            self.ambience_on = true;
        }
    }

    /// Stop the wind and the skis' swish.
    pub fn stop_ambience(&mut self) {
        if self.swish_on {
            self.swish_on = false;
            if let (Some(swish), true) = (&self.swish, audio_alive()) {
                audio::stop_sound(swish);
            }
        }
        if !self.ambience_on {
            return;
        }
        self.ambience_on = false;
        if let (Some(wind), true) = (&self.wind, audio_alive()) {
            audio::stop_sound(wind);
        }
    }
}

/// A volume clamped to [0, 1] (a corrupt NaN setting is silence, not a crash).
fn unit(volume: f32) -> f32 {
    if volume.is_nan() {
        0.0
    } else {
        volume.clamp(0.0, 1.0)
    }
}

/// Load one sound, checking the file first: quad-snd's decoder panics on bytes it cannot read.
async fn load_checked(folder: &str, name: &str) -> Option<Sound> {
    let path = format!("{folder}/{name}");
    let bytes = match macroquad::file::load_file(&path).await {
        Ok(bytes) => bytes,
        Err(error) => {
            super::log::tell_developers(&format!(
                "latu: sound {path} not loaded ({error}); playing without it"
            ));
            return None;
        }
    };
    if let Err(error) = wav::check(&bytes) {
        super::log::tell_developers(&format!(
            "latu: sound {path} not loaded ({error}); playing without it"
        ));
        return None;
    }
    match audio::load_sound_from_bytes(&bytes).await {
        Ok(sound) => Some(sound),
        Err(error) => {
            super::log::tell_developers(&format!(
                "latu: sound {path} not loaded ({error}); playing without it"
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::unit;

    #[test]
    fn volumes_are_clamped_to_silence_and_full() {
        assert_eq!(unit(-0.5), 0.0);
        assert_eq!(unit(0.25), 0.25);
        assert_eq!(unit(7.0), 1.0);
        assert_eq!(unit(f32::NAN), 0.0);
    }
}
