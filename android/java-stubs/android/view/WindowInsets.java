package android.view;

import android.graphics.Insets;

/** Compile-only stand-in: getInsets and WindowInsets.Type are API 30. */
public final class WindowInsets {
    public Insets getInsets(int typeMask) {
        throw new RuntimeException("stand-in");
    }

    public static final class Type {
        public static int ime() {
            throw new RuntimeException("stand-in");
        }

        public static int systemBars() {
            throw new RuntimeException("stand-in");
        }
    }
}
