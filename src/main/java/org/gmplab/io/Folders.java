package org.gmplab.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the program finds its lessons, homework and scenarios, wherever it starts. The jar carries a copy of
 * each folder, so a jar copied to a lab PC (or the installed app) has them; a folder of the same name that the
 * user names, or that sits in the working directory or beside the jar, is taken instead, whole — so a
 * teacher's own lessons replace the bundled ones rather than mixing with them.
 */
public final class Folders {
    public static final String LESSONS = "lessons", HOMEWORK = "homework", SCENARIOS = "scenarios";

    private static FileSystem jar;   // the jar opened as a file system once, for the life of the program

    private Folders() { }

    /** The lessons folder: {@code given} if not null, else the first of ./lessons, lessons/ beside the jar, the bundled copy. */
    public static Path lessons(Path given) {
        return given != null ? given : find(LESSONS, Path.of(""), codeSource().getParent());
    }

    /** The scenarios folder, found the same way as the lessons (the editor opens its file dialogs there). */
    public static Path scenarios() {
        return find(SCENARIOS, Path.of(""), codeSource().getParent());
    }

    /** The folder {@code name} ({@link #LESSONS}, {@link #HOMEWORK}…), found the same way as the lessons. */
    public static Path named(String name) {
        return find(name, Path.of(""), codeSource().getParent());
    }

    /** {@code name} in {@code workingDir}, else beside the jar (in {@code jarDir}), else the bundled copy. */
    public static Path find(String name, Path workingDir, Path jarDir) {
        for (Path dir : new Path[] {workingDir, jarDir}) {
            Path p = dir == null ? null : dir.resolve(name);
            if (p != null && Files.isDirectory(p)) return p.toAbsolutePath().normalize();
        }
        return bundled(name);
    }

    /**
     * The copy of {@code name} the program was built with: a folder inside the jar (read through the zip file
     * system), or in the classes folder when it runs from a build (tests, {@code mvn javafx:run}).
     */
    public static Path bundled(String name) {
        Path source = codeSource();
        if (Files.isDirectory(source)) return source.resolve(name);
        synchronized (Folders.class) {
            if (jar == null) {
                try {
                    jar = FileSystems.newFileSystem(source);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the program's own jar " + source, e);
                }
            }
            return jar.getPath("/", name);
        }
    }

    /** {@code dir} for a person: a bundled folder names the jar it is in. */
    public static String describe(Path dir) {
        synchronized (Folders.class) {
            if (jar != null && dir.getFileSystem() == jar) return dir + " inside " + codeSource();
        }
        return dir.toAbsolutePath().toString();
    }

    /** The jar (or classes folder) this class was loaded from. */
    private static Path codeSource() {
        try {
            return Path.of(Folders.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
