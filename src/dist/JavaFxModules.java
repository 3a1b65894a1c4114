import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Build step (run by Maven before the jar is made, {@code java src/dist/JavaFxModules.java OUT CLASSPATH}): for
 * each JavaFX platform jar on the class path, writes its module descriptor and the packages it holds to
 * {@code OUT/<module>.module-info.class} and {@code OUT/<module>.packages}, and the modules to {@code OUT/modules},
 * in load order. The jar carries JavaFX's classes unpacked (so that {@code java -jar} works at all); with these
 * lists {@code org.gmplab.app.JavaFxLayer} defines them as the named modules JavaFX expects. Monocle's packages
 * join javafx.graphics, as {@code --patch-module} does in the app image.
 */
public class JavaFxModules {
    public static void main(String[] args) throws IOException {
        Path out = Files.createDirectories(Path.of(args[0]));
        List<String> modules = new ArrayList<>();
        TreeSet<String> monocle = new TreeSet<>();
        String graphics = null;
        for (String entry : args[1].split(java.io.File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            boolean fx = name.matches("javafx-(base|graphics|controls)-[0-9.]+-[a-z0-9-]+\\.jar");
            if (!fx && !name.startsWith("openjfx-monocle-")) continue;
            try (ZipFile zip = new ZipFile(entry)) {
                TreeSet<String> packages = new TreeSet<>();
                for (var e = zip.entries(); e.hasMoreElements(); ) {
                    String n = e.nextElement().getName();
                    int slash = n.lastIndexOf('/');
                    // as for a modular jar: every folder with a file in it that can be a package name, resources' too
                    // (javafx.controls keeps modena.css in a package of its own)
                    if (n.endsWith("/") || slash <= 0 || n.startsWith("META-INF/")) continue;
                    String pkg = n.substring(0, slash).replace('/', '.');
                    if (java.util.Arrays.stream(pkg.split("\\.")).allMatch(javax.lang.model.SourceVersion::isIdentifier)) packages.add(pkg);
                }
                if (!fx) { monocle.addAll(packages); continue; }
                ZipEntry info = zip.getEntry("module-info.class");
                String module = "javafx." + name.split("-")[1];
                try (InputStream in = zip.getInputStream(info)) {
                    Files.write(out.resolve(module + ".module-info.class"), in.readAllBytes());
                }
                Files.write(out.resolve(module + ".packages"), packages);
                modules.add(module);
                if (module.equals("javafx.graphics")) graphics = module;
            }
        }
        if (modules.size() != 3 || graphics == null) throw new IllegalStateException("expected JavaFX's base, graphics and controls jars, found " + modules);
        List<String> g = new ArrayList<>(Files.readAllLines(out.resolve(graphics + ".packages")));
        g.addAll(monocle);
        Files.write(out.resolve(graphics + ".packages"), new TreeSet<>(g));
        modules.sort(java.util.Comparator.comparingInt(m -> List.of("javafx.base", "javafx.graphics", "javafx.controls").indexOf(m)));
        Files.write(out.resolve("modules"), modules);
    }
}
