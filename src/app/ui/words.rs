//! The words for the device in hand: touch words after a touch, key names after a key or the
//! mouse, decided by the input actually used (until then a touch screen gets touch words).

use macroquad::input::{get_keys_pressed, is_mouse_button_pressed, touches, MouseButton};
use std::sync::atomic::{AtomicU8, Ordering};

/// How the player is playing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// Fingers on a touch screen.
    Touch,
    /// A keyboard (and mouse).
    Keys,
}

/// The device last used: 0 not yet seen, then [`Device`] as 1 (touch) or 2 (keys).
static LAST_USED: AtomicU8 = AtomicU8::new(0);
const SEEN_TOUCH: u8 = 1;
const SEEN_KEYS: u8 = 2;

/// Look at this frame's input: a touch makes it touch, a key or a mouse click keys.
pub fn observe() {
    if !touches().is_empty() {
        LAST_USED.store(SEEN_TOUCH, Ordering::Relaxed);
    } else if !get_keys_pressed().is_empty() || is_mouse_button_pressed(MouseButton::Left) {
        LAST_USED.store(SEEN_KEYS, Ordering::Relaxed);
    }
}

/// The device in hand: the last one used, or before any input touch on a touch screen (a
/// phone, a phone's browser) and keys elsewhere.
pub fn device() -> Device {
    device_from(
        LAST_USED.load(Ordering::Relaxed),
        crate::app::platform::touch_screen(),
    )
}

/// The device in hand from the last one used (0: none yet) and whether the screen is a touch
/// screen.
fn device_from(last_used: u8, touch_screen: bool) -> Device {
    match last_used {
        SEEN_TOUCH => Device::Touch,
        SEEN_KEYS => Device::Keys,
        _ if touch_screen => Device::Touch,
        _ => Device::Keys,
    }
}

/// One thing to say, in the words of each device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    pub touch: &'static str,
    pub keys: &'static str,
}

impl Words {
    /// The words for `device`.
    pub fn for_device(self, device: Device) -> &'static str {
        match device {
            Device::Touch => self.touch,
            Device::Keys => self.keys,
        }
    }

    /// The words for the device in hand.
    pub fn now(self) -> &'static str {
        self.for_device(device())
    }
}

/// Change lane.
pub const CHANGE_LANE: Words = Words {
    touch: "Swipe left or right to change lane",
    keys: "Left / Right keys change lane",
};
/// Jump.
pub const JUMP: Words = Words {
    touch: "Swipe up to jump",
    keys: "Up, W or Space jumps",
};
/// Duck.
pub const DUCK: Words = Words {
    touch: "Swipe down to duck",
    keys: "Down or S ducks",
};
/// How to aim and fire at the range.
pub const AIM_AND_FIRE: Words = Words {
    touch: "drag to aim, FIRE button fires",
    keys: "arrows aim, Space fires",
};
/// The breath button, idle.
pub const HOLD_BREATH: Words = Words {
    touch: "hold breath",
    keys: "breath (Shift)",
};
/// The breath button, held.
pub const HOLDING_BREATH: Words = Words {
    touch: "holding breath",
    keys: "holding (Shift)",
};
/// The buy button.
pub const BUY_ROUND: Words = Words {
    touch: "buy round",
    keys: "buy round (B)",
};
/// The penalty button.
pub const PENALTY: Words = Words {
    touch: "penalty loop",
    keys: "penalty loop (P)",
};
/// Typing the player's name.
pub const TYPE_NAME: Words = Words {
    touch: "Type your name on the keyboard",
    keys: "Type your name, Enter saves",
};
/// Starting to type the name.
pub const TAP_NAME: Words = Words {
    touch: "Tap to type your name",
    keys: "Click to type your name",
};

/// Every pair of words, for the tests.
#[cfg(test)]
const ALL: [Words; 10] = [
    CHANGE_LANE,
    JUMP,
    DUCK,
    AIM_AND_FIRE,
    HOLD_BREATH,
    HOLDING_BREATH,
    BUY_ROUND,
    PENALTY,
    TYPE_NAME,
    TAP_NAME,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Key names a touch player has no use for.
    const KEY_NAMES: [&str; 10] = [
        "Shift", "Space", "Enter", "(B)", "(P)", "Up", "Down", " A ", " S ", "arrows",
    ];

    #[test]
    fn a_touch_screen_gets_touch_words_from_the_first_frame_and_the_last_input_decides_after() {
        assert_eq!(device_from(0, true), Device::Touch);
        assert_eq!(device_from(0, false), Device::Keys);
        assert_eq!(device_from(SEEN_KEYS, true), Device::Keys);
        assert_eq!(device_from(SEEN_TOUCH, false), Device::Touch);
        // The tutorial's first step on a touch screen, before any touch.
        assert_eq!(
            CHANGE_LANE.for_device(device_from(0, true)),
            "Swipe left or right to change lane"
        );
    }

    #[test]
    fn touch_words_name_no_key_and_key_words_name_their_keys() {
        for words in ALL {
            let touch = words.for_device(Device::Touch);
            assert!(KEY_NAMES.iter().all(|key| !touch.contains(key)), "{touch}");
            assert_ne!(touch, words.for_device(Device::Keys));
        }
        assert!(HOLD_BREATH.for_device(Device::Keys).contains("Shift"));
        assert!(AIM_AND_FIRE
            .for_device(Device::Touch)
            .contains("FIRE button"));
    }
}
