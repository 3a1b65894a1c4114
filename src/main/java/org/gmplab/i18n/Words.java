package org.gmplab.i18n;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;

/**
 * The window's words: {@code words-zh.json} maps each English text the window shows (a label, a tooltip, a
 * prompt, a tab, a column, a menu item, a status line's format) to its Chinese. The English is written where
 * each control is made, as usual; the language to show is always given by the caller.
 *
 * <p>What stays English: the engine's refusals and errors, and exported event logs.
 */
public final class Words {
    private static final Map<String, String> ZH = load();

    private Words() {}

    /** {@code english} (a format string when there are args) in {@code lang}. */
    public static String get(Lang lang, String english, Object... args) {
        String s = lang == Lang.ZH ? ZH.getOrDefault(english, english) : english;
        return args.length == 0 ? s : String.format(s, args);
    }

    /**
     * The transport's status line in {@code lang}: its fixed phrases; a sentence made from one of the table's
     * formats ("G%d will block at its next scheduling point"), with its numbers and names kept (a {@code %s}
     * in it may itself be a status); and the words before a colon of the others ("breakpoint: …",
     * "refused: …"; what follows is the engine's).
     */
    public static String status(Lang lang, String english) {
        if (english == null || english.isEmpty() || lang == Lang.EN || ZH.containsKey(english)) return get(lang, english == null ? "" : english);
        for (Map.Entry<Pattern, String> f : FORMATS) {
            Matcher m = f.getKey().matcher(english);
            if (!m.matches()) continue;
            Object[] args = new Object[m.groupCount()];
            for (int i = 0; i < args.length; i++) {
                String arg = m.group(i + 1);
                args[i] = arg.matches("-?\\d+") ? (Object) Long.parseLong(arg) : status(lang, arg);
            }
            return get(lang, f.getValue(), args);
        }
        int colon = english.indexOf(": ");
        if (colon > 0 && ZH.containsKey(english.substring(0, colon))) return get(lang, english.substring(0, colon)) + "：" + english.substring(colon + 2);
        return english;
    }

    /** Whether there is Chinese for {@code english}. */
    public static boolean known(String english) { return ZH.containsKey(english); }

    /**
     * The table's formats ({@code %d}, {@code %s}) as patterns that recognise a sentence made from them, the
     * longest first (the more specific wins).
     */
    private static final List<Map.Entry<Pattern, String>> FORMATS = ZH.keySet().stream()
            .filter(k -> k.contains("%d") || k.contains("%s"))
            .sorted(java.util.Comparator.comparingInt(String::length).reversed())
            .map(k -> Map.entry(pattern(k), k))
            .toList();

    private static Pattern pattern(String format) {
        StringBuilder re = new StringBuilder();
        Matcher m = Pattern.compile("%[ds]").matcher(format);
        int at = 0;
        while (m.find()) {
            re.append(Pattern.quote(format.substring(at, m.start()))).append(m.group().equals("%d") ? "(-?\\d+)" : "(.+?)");
            at = m.end();
        }
        return Pattern.compile(re.append(Pattern.quote(format.substring(at))).toString(), Pattern.DOTALL);
    }

    private static Map<String, String> load() {
        try (InputStream in = Words.class.getResourceAsStream("words-zh.json")) {
            if (in == null) throw new IllegalStateException("words-zh.json is missing from the jar");
            return new Gson().fromJson(new InputStreamReader(in, StandardCharsets.UTF_8), new TypeToken<Map<String, String>>() { }.getType());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
