package org.gmplab.scenario.gosrc;

import java.nio.file.Path;
import java.util.Objects;

import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;

/**
 * Scenarios written in Go: {@code .go} source in, {@link Scenario} out. The language is described in
 * this package's {@code package-info}. Every problem is one {@link ScenarioException} whose message
 * is {@code file:line:col: what is wrong}, then the source line and a caret under the column.
 */
public final class GoSource {

    private GoSource() { }

    /** Compiles Go source; {@code fileName} names the file in messages and is the default scenario name. */
    public static Scenario parse(String source, String fileName) throws ScenarioException {
        Objects.requireNonNull(source, "source");
        String file = fileName == null ? "<input>" : fileName;
        try {
            // The settings come from the comments before the first token; read them first so that an
            // error there is reported before any later one.
            GoLexer head = new GoLexer(source);
            Pos first = head.next().pos();
            Settings settings = Settings.parse(head.comments(), first);
            GoLexer lexer = new GoLexer(source);
            Ast.File ast = GoParser.parse(lexer);
            Settings.parse(lexer.comments(), ast.start()); // refuses a settings comment after the first token
            Program program = GoCompiler.compile(ast, source);
            String name = settings.name() != null ? settings.name() : baseName(file);
            return new Scenario(name, settings.gomaxprocs(), settings.seed(), settings.runqSize(), program, settings.scheduler(), settings.go(),
                    settings.runtimeGoroutines());
        } catch (SourceError e) {
            throw error(file, source, e.pos(), e.getMessage());
        }
    }

    /** Reads a UTF-8 {@code .go} file and compiles it; read failures are ScenarioExceptions too. */
    public static Scenario load(Path path) throws ScenarioException {
        return parse(org.gmplab.scenario.ScenarioJson.readText(path), path.toString());
    }

    private static String baseName(String file) {
        int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
        return file.substring(slash + 1);
    }

    /** The exception for an error at {@code pos}, with the source line and a caret under the column. */
    static ScenarioException error(String file, String source, Pos pos, String message) {
        String line = sourceLine(source, pos.line());
        StringBuilder caret = new StringBuilder();
        // Copy the line's tabs so the caret lines up however wide the terminal draws a tab.
        for (int i = 0; i < pos.col() - 1; i++) caret.append(i < line.length() && line.charAt(i) == '\t' ? '\t' : ' ');
        caret.append('^');
        return new ScenarioException(file, pos.line(), pos.col(), message, line + "\n" + caret);
    }

    private static String sourceLine(String source, int n) {
        int start = source.startsWith("\uFEFF") ? 1 : 0;
        for (int i = 1; i < n; i++) {
            int nl = source.indexOf('\n', start);
            if (nl < 0) return "";
            start = nl + 1;
        }
        int end = source.indexOf('\n', start);
        String line = source.substring(start, end < 0 ? source.length() : end);
        if (line.endsWith("\r")) line = line.substring(0, line.length() - 1);
        StringBuilder out = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            out.append(c != '\t' && (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') ? '?' : c);
        }
        return out.toString();
    }
}
