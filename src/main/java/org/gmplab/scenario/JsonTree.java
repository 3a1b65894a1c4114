package org.gmplab.scenario;

import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;

import java.io.EOFException;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON text into a small tree whose every value knows its line and JSON path, so that errors
 * found long after parsing (an unknown function, a variable out of scope) can still name the line.
 * Gson's own JsonElement tree forgets positions, hence this one.
 *
 * <p>How lines are found: after {@link JsonReader#peek()} the reader has consumed the next token's first
 * chars, and {@link JsonReader#getCharacterOffset()} points inside or just past that token. In strict
 * mode no JSON token spans lines (raw line breaks in strings are rejected), so counting the '\n' before
 * that offset in the original text gives the token's line. This uses Gson's public API only (the
 * offset accessor is recent: 2.13 lacks it, the 2.15.0 in the pom has it); nothing is parsed out of
 * {@code JsonReader.toString()}. Lines count '\n' like Gson does, so CRLF files work.
 */
public final class JsonTree {

    public sealed interface Node {
        int line();
        String path();
    }

    /** An object; keys keep their order. {@code keyLines} gives the line of each key. */
    public record Obj(Map<String, Node> members, Map<String, Integer> keyLines, int line, String path) implements Node { }
    public record Arr(List<Node> items, int line, String path) implements Node { }
    public record Str(String value, int line, String path) implements Node { }
    /** A number, kept as written so that integers of any size are checked exactly. */
    public record Num(String text, int line, String path) implements Node { }
    public record Bool(boolean value, int line, String path) implements Node { }
    public record Null(int line, String path) implements Node { }

    private final String text;
    private final String file;
    private final int[] newlines;
    private final JsonReader reader;

    private JsonTree(String text, String file) {
        this.text = text;
        this.file = file;
        this.newlines = newlineOffsets(text);
        this.reader = new JsonReader(new StringReader(text));
        // Strict: no comments, single quotes, unquoted names or bare words; raw line breaks in strings fail.
        reader.setStrictness(Strictness.STRICT);
    }

    /** Parses one JSON value filling the whole text. */
    public static Node read(String text, String file) throws ScenarioException {
        return new JsonTree(text, file).readDocument();
    }

    private Node readDocument() throws ScenarioException {
        Node root;
        try {
            root = value("$");
        } catch (IOException | RuntimeException e) {
            // Gson reports malformed input as IOException; RuntimeException is caught too so that no
            // input, however odd, escapes as anything but a ScenarioException.
            throw syntaxError(e);
        }
        try {
            if (reader.peek() != JsonToken.END_DOCUMENT) throw new IOException("more than one value");
        } catch (IOException | RuntimeException e) {
            throw new ScenarioException(file, lineAt(reader.getCharacterOffset()), "$",
                    "unexpected text after the end of the top-level JSON value");
        }
        return root;
    }

    private Node value(String path) throws IOException, ScenarioException {
        JsonToken token = reader.peek();
        int line = lineAt(reader.getCharacterOffset());
        switch (token) {
            case BEGIN_OBJECT -> {
                reader.beginObject();
                Map<String, Node> members = new LinkedHashMap<>();
                Map<String, Integer> keyLines = new LinkedHashMap<>();
                while (reader.hasNext()) {
                    reader.peek();
                    int keyLine = lineAt(reader.getCharacterOffset());
                    String key = reader.nextName();
                    String childPath = child(path, key);
                    if (members.containsKey(key))
                        throw new ScenarioException(file, keyLine, childPath,
                                "duplicate key " + quote(key) + " (first on line " + keyLines.get(key) + ")");
                    keyLines.put(key, keyLine);
                    members.put(key, value(childPath));
                }
                reader.endObject();
                return new Obj(Collections.unmodifiableMap(members), Collections.unmodifiableMap(keyLines), line, path);
            }
            case BEGIN_ARRAY -> {
                reader.beginArray();
                List<Node> items = new ArrayList<>();
                while (reader.hasNext()) items.add(value(path + "[" + items.size() + "]"));
                reader.endArray();
                return new Arr(List.copyOf(items), line, path);
            }
            case STRING -> { return new Str(reader.nextString(), line, path); }
            case NUMBER -> { return new Num(reader.nextString(), line, path); }
            case BOOLEAN -> { return new Bool(reader.nextBoolean(), line, path); }
            case NULL -> {
                reader.nextNull();
                return new Null(line, path);
            }
            default -> throw new IOException("Expected value"); // END_* or END_DOCUMENT: unreachable when well-formed
        }
    }

    private ScenarioException syntaxError(Exception e) {
        long offset = reader.getCharacterOffset();
        String path = reader.getPath();
        if (path.endsWith(".")) path = path.substring(0, path.length() - 1); // Gson's "$.a." while reading a name
        if (path.length() > 120) path = path.substring(0, 60) + "..." + path.substring(path.length() - 40); // absurd nesting
        path = printable(path); // a key may hold a line break: the message must stay on one line
        return new ScenarioException(file, lineAt(offset), path, "invalid JSON: " + describe(e, (int) Math.min(offset, text.length())), e);
    }

    /** Turns Gson's message into a short hint, replacing its generic "use lenient mode" advice. */
    private String describe(Exception e, int offset) {
        if (e instanceof EOFException) return "the file ends before the JSON is complete";
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int cut = m.indexOf(" at line ");
        if (cut >= 0) m = m.substring(0, cut);
        cut = m.indexOf('\n');
        if (cut >= 0) m = m.substring(0, cut);
        // Gson leaves the offset just past the char it stumbled on.
        int at = Math.max(0, offset - 1);
        char c = at < text.length() ? text.charAt(at) : '\0';
        if (c == '/') return "comments are not allowed in JSON";
        if (c == '\'') return "strings and keys need double quotes, not single quotes";
        if ((c == '}' || c == ']') && previousNonSpace(at) == ',') return "trailing comma before '" + c + "'";
        if (m.contains("setStrictness") || m.contains("Expected value") || m.contains("Expected name"))
            return "unexpected " + snippet(at);
        // Gson says "unterminated" when a value is followed by anything but ',' or the closing bracket.
        if (m.startsWith("Unterminated object")) return "expected ',' or '}' after a value, got " + snippet(at);
        if (m.startsWith("Unterminated array")) return "expected ',' or ']' after a value, got " + snippet(at);
        if (m.startsWith("Unescaped control characters")) return "line break or control character inside a string";
        if (m.startsWith("Nesting limit")) return "nested more than " + reader.getNestingLimit() + " levels deep";
        return m.isEmpty() ? "malformed" : Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }

    private char previousNonSpace(int at) {
        for (int i = at - 1; i >= 0; i--) if (!Character.isWhitespace(text.charAt(i))) return text.charAt(i);
        return '\0';
    }

    /** Up to 20 chars of the text from {@code at} to the end of its line, quoted, or "end of file". */
    private String snippet(int at) {
        if (at >= text.length()) return "end of file";
        int end = at;
        while (end < text.length() && end - at < 20 && text.charAt(end) != '\n' && text.charAt(end) != '\r') end++;
        // Single quotes: the snippet is raw JSON, usually full of double quotes that would need escaping.
        String raw = text.substring(at, end).strip();
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < raw.length(); i++) shown.append(Character.isISOControl(raw.charAt(i)) ? '?' : raw.charAt(i));
        return "'" + shown + "'";
    }

    private int lineAt(long offset) {
        int i = Arrays.binarySearch(newlines, (int) Math.min(offset, Integer.MAX_VALUE));
        // Number of '\n' strictly before offset; a '\n' at offset itself belongs to the line it ends.
        int before = i >= 0 ? i : -i - 1;
        return before + 1;
    }

    private static int[] newlineOffsets(String text) {
        int n = 0;
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') n++;
        int[] out = new int[n];
        for (int i = 0, k = 0; i < text.length(); i++) if (text.charAt(i) == '\n') out[k++] = i;
        return out;
    }

    /** The path of {@code key} inside the object at {@code path}: {@code $.a.b}, or {@code $.a["odd key"]}. */
    public static String child(String path, String key) {
        boolean plain = !key.isEmpty() && (Character.isLetter(key.charAt(0)) || key.charAt(0) == '_');
        for (int i = 0; i < key.length() && plain; i++) {
            char c = key.charAt(i);
            plain = c < 0x80 && (Character.isLetterOrDigit(c) || c == '_');
        }
        return plain ? path + "." + key : path + "[" + quote(key) + "]";
    }

    /** {@code s} with control characters escaped as in JSON, so that it prints on one line. */
    static String printable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            if (c == '\n') sb.append("\\n");
            else if (c == '\r') sb.append("\\r");
            else if (c == '\t') sb.append("\\t");
            else if (c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.toString();
    }

    /** A JSON string literal for {@code s}, shortened if long; used in messages. */
    public static String quote(String s) {
        String shown = s.length() > 60 ? s.substring(0, 57) + "..." : s;
        return ScenarioJson.jsonString(shown);
    }

    /** How a value is named in "expected X, got Y" messages. */
    public static String describe(Node n) {
        if (n instanceof Str s) return quote(s.value());
        if (n instanceof Num num) return num.text().length() > 40 ? num.text().substring(0, 37) + "..." : num.text();
        if (n instanceof Bool b) return String.valueOf(b.value());
        if (n instanceof Null) return "null";
        if (n instanceof Arr) return "an array";
        return "an object";
    }
}
