package android.view;

/** Compile-only stand-in: setDecorFitsSystemWindows is API 30. */
public abstract class Window {
    /** As in API 23's android.jar (the build compares). */
    public static final int FEATURE_NO_TITLE = 1;

    public abstract View getDecorView();

    public void setFlags(int flags, int mask) {
        throw new RuntimeException("stand-in");
    }

    public final WindowManager.LayoutParams getAttributes() {
        throw new RuntimeException("stand-in");
    }

    public void setDecorFitsSystemWindows(boolean decorFitsSystemWindows) {
        throw new RuntimeException("stand-in");
    }
}
