package android.graphics;

/** API 29. Compile-only stand-in: the fields MainActivity reads. */
public final class Insets {
    public final int left;
    public final int top;
    public final int right;
    public final int bottom;

    private Insets() {
        left = top = right = bottom = 0;
    }
}
