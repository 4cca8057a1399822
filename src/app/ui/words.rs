//! The words for the device in hand: touch words after a touch, key names after a key, the
//! mouse's own words after a click where a pointer acts differently from the keys (aiming and
//! firing at the range), decided by the input actually used (until then a touch screen gets
//! touch words).

use macroquad::input::{get_keys_pressed, is_mouse_button_pressed, touches, MouseButton};
use std::sync::atomic::{AtomicU8, Ordering};

/// How the player is playing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// Fingers on a touch screen.
    Touch,
    /// A mouse (a keyboard at hand).
    Mouse,
    /// A keyboard.
    Keys,
}

/// The device last used: 0 not yet seen, then [`Device`] as 1 (touch), 2 (keys) or 3 (mouse).
static LAST_USED: AtomicU8 = AtomicU8::new(0);
const SEEN_TOUCH: u8 = 1;
const SEEN_KEYS: u8 = 2;
const SEEN_MOUSE: u8 = 3;

/// Look at this frame's input: a touch makes it touch, a key keys, a mouse click the mouse.
pub fn observe() {
    let seen = seen_in_frame(
        !touches().is_empty(),
        !get_keys_pressed().is_empty(),
        is_mouse_button_pressed(MouseButton::Left),
    );
    if let Some(seen) = seen {
        LAST_USED.store(seen, Ordering::Relaxed);
    }
}

/// Take `device` as the one in hand (a `--show` screen posing as a player of that device).
pub fn assume(device: Device) {
    let seen = match device {
        Device::Touch => SEEN_TOUCH,
        Device::Mouse => SEEN_MOUSE,
        Device::Keys => SEEN_KEYS,
    };
    LAST_USED.store(seen, Ordering::Relaxed);
}

/// The device a frame shows in use, if any: a touch first (a phone's browser may also send a
/// click for it), then a key, then a mouse click.
fn seen_in_frame(touching: bool, key_pressed: bool, mouse_pressed: bool) -> Option<u8> {
    if touching {
        Some(SEEN_TOUCH)
    } else if key_pressed {
        Some(SEEN_KEYS)
    } else if mouse_pressed {
        Some(SEEN_MOUSE)
    } else {
        None
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
        SEEN_MOUSE => Device::Mouse,
        _ if touch_screen => Device::Touch,
        _ => Device::Keys,
    }
}

/// One thing to say, in the words of each device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    pub touch: &'static str,
    pub keys: &'static str,
    /// The mouse's own words where a pointer acts differently from the keys (aiming and
    /// firing); elsewhere a mouse player has the keyboard at hand and reads the keys' words.
    pub mouse: Option<&'static str>,
}

impl Words {
    /// The words for `device`.
    pub fn for_device(self, device: Device) -> &'static str {
        match device {
            Device::Touch => self.touch,
            Device::Mouse => self.mouse.unwrap_or(self.keys),
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
    touch: "Swipe left or right: new lane",
    keys: "Left / Right keys change lane",
    mouse: None,
};
/// Jump.
pub const JUMP: Words = Words {
    touch: "Swipe up to jump",
    keys: "Up, W or Space jumps",
    mouse: None,
};
/// Duck.
pub const DUCK: Words = Words {
    touch: "Swipe down to duck",
    keys: "Down or S ducks",
    mouse: None,
};
/// How to aim and fire at the range.
pub const AIM_AND_FIRE: Words = Words {
    touch: "drag to aim, tap FIRE",
    keys: "arrows aim, Space fires",
    mouse: Some("drag to aim, click FIRE"),
};
/// The breath button, idle.
pub const HOLD_BREATH: Words = Words {
    touch: "hold breath",
    keys: "breath (Shift)",
    mouse: None,
};
/// The breath button, held.
pub const HOLDING_BREATH: Words = Words {
    touch: "holding breath",
    keys: "holding (Shift)",
    mouse: None,
};
/// The buy button.
pub const BUY_ROUND: Words = Words {
    touch: "buy round",
    keys: "buy round (B)",
    mouse: None,
};
/// The penalty button.
pub const PENALTY: Words = Words {
    touch: "penalty loop",
    keys: "penalty loop (P)",
    mouse: None,
};
/// The sight's buttons at a stage with wind (Q and E turn the sight a step): plain words, the
/// same on the buttons, in the wind's lesson and in the stage's lines.
pub const AIM_LEFT: &str = "aim left";
pub const AIM_RIGHT: &str = "aim right";
/// Typing the player's name.
pub const TYPE_NAME: Words = Words {
    touch: "Type your name on the keyboard",
    keys: "Type your name, Enter saves",
    mouse: None,
};
/// Starting to type the name.
pub const TAP_NAME: Words = Words {
    touch: "Tap to type your name",
    keys: "Click to type your name",
    mouse: None,
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
            "Swipe left or right: new lane"
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
        assert!(AIM_AND_FIRE.for_device(Device::Touch).contains("tap FIRE"));
    }

    #[test]
    fn after_a_mouse_click_the_range_says_drag_and_click_fire_and_a_key_brings_the_keys_back() {
        let hint = |seen| AIM_AND_FIRE.for_device(device_from(seen, false));
        let clicked = seen_in_frame(false, false, true).expect("a click is seen");
        assert_eq!(hint(clicked), "drag to aim, click FIRE");
        let touched = seen_in_frame(true, false, true).expect("a touch is seen");
        assert_eq!(hint(touched), "drag to aim, tap FIRE");
        let typed = seen_in_frame(false, true, false).expect("a key is seen");
        assert_eq!(hint(typed), "arrows aim, Space fires");
        assert_eq!(seen_in_frame(false, false, false), None, "nothing new used");
        // Where the mouse has no words of its own, a mouse player reads the keys'.
        assert_eq!(
            JUMP.for_device(device_from(clicked, false)),
            JUMP.for_device(Device::Keys)
        );
    }

    #[test]
    fn the_mouse_words_name_no_key() {
        for words in ALL {
            let mouse = words.for_device(Device::Mouse);
            if words.mouse.is_some() {
                assert!(KEY_NAMES.iter().all(|key| !mouse.contains(key)), "{mouse}");
                assert_ne!(mouse, words.for_device(Device::Touch));
            }
        }
    }
}
