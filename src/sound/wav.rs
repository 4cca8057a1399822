//! The WAV files the game ships: mono or stereo 16-bit PCM, written and checked by hand (the
//! format is a 44-byte header and the samples).
//!
//! Not `hound`: writing is that one header, and the check must hold a file to the single
//! canonical layout the game writes, narrower than every WAV `hound` would read.

use std::fmt;

/// Size of the canonical header: RIFF, `fmt ` (16 bytes of fields) and `data` chunk headers.
pub const HEADER_BYTES: usize = 44;

const PCM_FORMAT: u16 = 1;
const BITS_PER_SAMPLE: u16 = 16;
const FMT_FIELDS_BYTES: u32 = 16;

/// What a checked WAV file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WavInfo {
    /// 1 (mono) or 2 (stereo).
    pub channels: u16,
    /// Frames per second.
    pub sample_rate: u32,
    /// Frames (samples per channel) in the data chunk.
    pub frames: u32,
}

/// Why bytes are not a WAV file the game can play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WavError {
    /// Shorter than its headers say.
    Truncated,
    /// Not a RIFF/WAVE file.
    NotWave,
    /// A WAV file, but not 16-bit PCM with one or two channels.
    Unsupported(String),
}

impl fmt::Display for WavError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WavError::Truncated => write!(f, "the file is shorter than its headers say"),
            WavError::NotWave => write!(f, "not a RIFF/WAVE file"),
            WavError::Unsupported(what) => write!(f, "unsupported WAV format: {what}"),
        }
    }
}

impl std::error::Error for WavError {}

/// A mono 16-bit PCM WAV file holding `samples` at `sample_rate`.
pub fn encode_mono(samples: &[i16], sample_rate: u32) -> Vec<u8> {
    let data_bytes = u32::try_from(samples.len() * 2).expect("a sound under 2 GiB");
    let mut bytes = Vec::with_capacity(HEADER_BYTES + samples.len() * 2);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_bytes).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&FMT_FIELDS_BYTES.to_le_bytes());
    bytes.extend_from_slice(&PCM_FORMAT.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes());
    bytes.extend_from_slice(&sample_rate.to_le_bytes());
    bytes.extend_from_slice(&(sample_rate * 2).to_le_bytes());
    bytes.extend_from_slice(&2u16.to_le_bytes());
    bytes.extend_from_slice(&BITS_PER_SAMPLE.to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_bytes.to_le_bytes());
    for sample in samples {
        bytes.extend_from_slice(&sample.to_le_bytes());
    }
    bytes
}

/// Check that `bytes` are a canonical 16-bit PCM WAV file (as [`encode_mono`] writes) whose data
/// is all present, so a decoder reading it cannot fail half-way.
pub fn check(bytes: &[u8]) -> Result<WavInfo, WavError> {
    let field = |at: usize, len: usize| bytes.get(at..at + len).ok_or(WavError::Truncated);
    let u16_at = |at| field(at, 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let u32_at = |at| field(at, 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    if field(0, 4)? != b"RIFF" || field(8, 8)? != b"WAVEfmt " {
        return Err(WavError::NotWave);
    }
    let (format, channels, bits) = (u16_at(20)?, u16_at(22)?, u16_at(34)?);
    if u32_at(16)? != FMT_FIELDS_BYTES || format != PCM_FORMAT {
        return Err(WavError::Unsupported(format!(
            "format tag {format}, not plain PCM"
        )));
    }
    if !(1..=2).contains(&channels) || bits != BITS_PER_SAMPLE {
        return Err(WavError::Unsupported(format!(
            "{channels} channels of {bits} bits"
        )));
    }
    let sample_rate = u32_at(24)?;
    if sample_rate == 0 {
        return Err(WavError::Unsupported("a sample rate of 0".to_owned()));
    }
    if field(36, 4)? != b"data" {
        return Err(WavError::Unsupported(
            "extra chunks before the data".to_owned(),
        ));
    }
    let data_bytes = u32_at(40)? as usize;
    let frame_bytes = usize::from(channels) * 2;
    if bytes.len() - HEADER_BYTES < data_bytes {
        return Err(WavError::Truncated);
    }
    if !data_bytes.is_multiple_of(frame_bytes) {
        return Err(WavError::Unsupported("a partial last frame".to_owned()));
    }
    Ok(WavInfo {
        channels,
        sample_rate,
        frames: u32::try_from(data_bytes / frame_bytes).expect("data size came from a u32"),
    })
}

/// The samples of a mono file accepted by [`check`].
pub fn mono_samples(bytes: &[u8]) -> Result<Vec<i16>, WavError> {
    let info = check(bytes)?;
    if info.channels != 1 {
        return Err(WavError::Unsupported("stereo, expected mono".to_owned()));
    }
    let end = HEADER_BYTES + info.frames as usize * 2;
    Ok(bytes[HEADER_BYTES..end]
        .chunks_exact(2)
        .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoded_files_check_and_read_back() {
        let samples = [0, 1, -1, i16::MAX, i16::MIN, 1234];
        let bytes = encode_mono(&samples, 22_050);
        assert_eq!(bytes.len(), HEADER_BYTES + 12);
        assert_eq!(
            check(&bytes),
            Ok(WavInfo {
                channels: 1,
                sample_rate: 22_050,
                frames: 6
            })
        );
        assert_eq!(mono_samples(&bytes).as_deref(), Ok(&samples[..]));
    }

    #[test]
    fn broken_files_are_refused() {
        let bytes = encode_mono(&[1, 2, 3, 4], 22_050);
        assert_eq!(check(&bytes[..50]), Err(WavError::Truncated));
        assert_eq!(check(&bytes[..20]), Err(WavError::Truncated));
        assert_eq!(
            check(b"OggS and then some more bytes"),
            Err(WavError::NotWave)
        );
        let mut eight_bit = bytes.clone();
        eight_bit[34] = 8;
        assert!(matches!(check(&eight_bit), Err(WavError::Unsupported(_))));
        let mut float = bytes;
        float[20] = 3;
        assert!(matches!(check(&float), Err(WavError::Unsupported(_))));
    }
}
