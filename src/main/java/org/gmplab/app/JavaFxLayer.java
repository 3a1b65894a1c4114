package org.gmplab.app;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * JavaFX as named modules for {@code java -jar gmplab.jar}. JavaFX supports being loaded only as the modules
 * javafx.base, javafx.graphics and javafx.controls, and says so at every start when it is not ("Unsupported
 * JavaFX configuration: classes were loaded from 'unnamed module'"). A plain {@code java -jar} puts the jar on
 * the class path, where every class is in the unnamed module; the installed app and {@code mvn javafx:run}
 * give the JVM a module path instead, which a jar cannot ask for.
 *
 * <p>So the jar carries JavaFX's own module descriptors and the packages of each module (written at build time
 * by {@code src/dist/JavaFxModules.java}), and this class defines those modules in a new module layer whose
 * classes are read from the jar itself — the same classes, now in named modules — and then a class loader for
 * the program and its libraries above it. The program starts again in it (JavaFX's classes come from the layer)
 * with the exports and opens the app image's launcher gives on its command line. This class itself uses no
 * JavaFX, so that it can run before JavaFX is loaded.
 */
final class JavaFxLayer {
    private static final String LISTS = "META-INF/gmplab/javafx/";

    private JavaFxLayer() { }

    /** What the app image's launcher opens to the class path with --add-exports and --add-opens (see pom.xml): ControlsFX reaches in. */
    private static final String[][] OPENED = {
            {"javafx.base", "com.sun.javafx.event", "export"},
            {"javafx.controls", "com.sun.javafx.scene.control", "export"},
            {"javafx.controls", "com.sun.javafx.scene.control.behavior", "export"},
            {"javafx.graphics", "javafx.scene", "open"},
            {"javafx.controls", "javafx.scene.control.skin", "open"}};

    /**
     * A class loader for the program with JavaFX as named modules, or null where there is nothing to do or it
     * cannot be done: JavaFX is named already (the app image, {@code mvn javafx:run}), or the program does not
     * run from a jar that carries the module lists (a build's classes folder).
     */
    static ClassLoader programLoader() throws IOException {
        if (javafxNamed()) return null;
        Path jar;
        try {
            jar = Path.of(JavaFxLayer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
        if (!Files.isRegularFile(jar)) return null;
        FileSystem zip = FileSystems.newFileSystem(jar);   // open for the life of the program: the layer reads its classes here
        Path lists = zip.getPath("/" + LISTS);
        if (!Files.isDirectory(lists)) return null;
        URI base = URI.create("jar:" + jar.toUri() + "!/");
        Map<String, ModuleReference> refs = new HashMap<>();
        List<String> modules = Files.readAllLines(lists.resolve("modules"));
        for (String m : modules) {
            Set<String> packages = new HashSet<>(Files.readAllLines(lists.resolve(m + ".packages")));
            ModuleDescriptor d;
            try (InputStream in = Files.newInputStream(lists.resolve(m + ".module-info.class"))) {
                d = ModuleDescriptor.read(in, () -> packages);
            }
            refs.put(m, new InJar(d, base, zip, packages));
        }
        ModuleFinder finder = new ModuleFinder() {
            @Override public Optional<ModuleReference> find(String name) { return Optional.ofNullable(refs.get(name)); }
            @Override public Set<ModuleReference> findAll() { return Set.copyOf(refs.values()); }
        };
        ModuleLayer boot = ModuleLayer.boot();
        Configuration cf = boot.configuration().resolve(finder, ModuleFinder.of(), modules);
        ModuleLayer.Controller layer = ModuleLayer.defineModulesWithOneLoader(cf, List.of(boot), ClassLoader.getPlatformClassLoader());
        ClassLoader javafx = layer.layer().findLoader(modules.get(0));
        // the program and its libraries: from the jar, but JavaFX's packages from the layer (asked first)
        URLClassLoader program = new URLClassLoader("gmplab", new URL[] {jar.toUri().toURL()}, javafx);
        Module unnamed = program.getUnnamedModule();
        for (String[] o : OPENED) {
            Module m = layer.layer().findModule(o[0]).orElseThrow();
            if (o[2].equals("open")) layer.addOpens(m, o[1], unnamed);
            else layer.addExports(m, o[1], unnamed);
        }
        return program;
    }

    /** Whether JavaFX was loaded as its named modules (it is not when it is on the class path). */
    static boolean javafxNamed() {
        try {   // loaded, not initialised: JavaFX does not start
            return Class.forName("javafx.application.Application", false, JavaFxLayer.class.getClassLoader()).getModule().isNamed();
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** A module whose classes and resources are the entries of the jar in its packages (and the jar's top-level files: JavaFX's native libraries). */
    private static final class InJar extends ModuleReference {
        private final FileSystem zip;
        private final URI base;
        private final Set<String> packages;

        InJar(ModuleDescriptor d, URI base, FileSystem zip, Set<String> packages) {
            super(d, base);
            this.zip = zip;
            this.base = base;
            this.packages = packages;
        }

        private boolean mine(String name) {
            int slash = name.lastIndexOf('/');
            return slash < 0 ? true : packages.contains(name.substring(0, slash).replace('/', '.'));
        }

        @Override
        public ModuleReader open() {
            return new ModuleReader() {
                @Override public Optional<URI> find(String name) {
                    if (!mine(name) || !Files.exists(zip.getPath("/" + name))) return Optional.empty();
                    return Optional.of(URI.create(base + name));
                }

                @Override public Optional<InputStream> open(String name) throws IOException {
                    if (!mine(name)) return Optional.empty();
                    Path p = zip.getPath("/" + name);
                    return Files.isRegularFile(p) ? Optional.of(Files.newInputStream(p)) : Optional.empty();
                }

                @Override public Stream<String> list() throws IOException {
                    List<String> names = new java.util.ArrayList<>();
                    for (String pkg : packages) {
                        Path dir = zip.getPath("/" + pkg.replace('.', '/'));
                        if (!Files.isDirectory(dir)) continue;
                        try (Stream<Path> s = Files.list(dir)) {
                            s.filter(Files::isRegularFile).forEach(f -> names.add(f.toString().substring(1)));
                        }
                    }
                    return names.stream();
                }

                @Override public void close() { }
            };
        }
    }
}
