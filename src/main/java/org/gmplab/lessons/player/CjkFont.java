package org.gmplab.lessons.player;

import java.io.IOException;
import java.io.InputStream;

import javafx.scene.text.Font;

/** The bundled CJK font (WenQuanYi Micro Hei, a TTC collection in the jar at /assets/fonts/). */
public final class CjkFont {
    private static String family;

    private CjkFont() {}

    /** Loads the font once (FX toolkit must be running) and returns its family, or "System" if it cannot be loaded. */
    public static synchronized String family() {
        if (family != null) return family;
        try (InputStream in = CjkFont.class.getResourceAsStream("/assets/fonts/wqy-microhei.ttc")) {
            Font[] fonts = in == null ? null : Font.loadFonts(in, 13);
            family = fonts == null || fonts.length == 0 ? "System" : fonts[0].getFamily();
        } catch (IOException e) {
            family = "System";
        }
        return family;
    }
}
