package android.view;

/** Compile-only stand-in: LayoutParams.layoutInDisplayCutoutMode and its modes are API 28. */
public interface WindowManager {
    public static class LayoutParams {
        /** As in API 23's android.jar (the build compares). */
        public static final int FLAG_LAYOUT_NO_LIMITS = 0x00000200;
        /** API 28; 1 in the Android API reference. */
        public static final int LAYOUT_IN_DISPLAY_CUTOUT_MODE_SHORT_EDGES = 1;

        public int layoutInDisplayCutoutMode;
    }
}
