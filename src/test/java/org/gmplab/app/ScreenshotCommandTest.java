package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;

import org.gmplab.cli.Main;
import org.testfx.api.FxToolkit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gmplab screenshot -o FILE} replaces the file whole, the way every saved file is written; it takes a scenario of
 * either kind, as {@code gmplab run} does.
 */
@Tag("ui")
class ScreenshotCommandTest {
    @TempDir Path dir;

    /**
     * The test JVM's one FX toolkit belongs to TestFX: started here first, the command finds it running. Were
     * the command to start it itself (Platform.startup, as from the command line), TestFX would later find a
     * toolkit without its primary stage, and the robot's clicks in later test classes would miss.
     */
    @BeforeAll
    static void toolkit() throws Exception { FxToolkit.registerPrimaryStage(); }

    @Test
    void thePngReplacesTheOldFileWholeAndLeavesNoTemporaryFile() throws Exception {
        Path png = Files.writeString(dir.resolve("shot.png"), "an old picture");
        Files.setPosixFilePermissions(png, PosixFilePermissions.fromString("rw-rw-r--"));
        Object before = Files.readAttributes(png, BasicFileAttributes.class).fileKey();   // its inode, on Linux
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(new String[] {"screenshot", "scenarios/spawn1000.json", "--at", "5", "-o", png.toString()},
                new PrintWriter(out, true), new PrintWriter(err, true), new ScreenshotCommand());
        assertThat(code).as(err.toString()).isZero();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
        // a new file moved over the old one, not the old one overwritten in place (a reader never sees half a PNG)
        if (before != null) assertThat(Files.readAttributes(png, BasicFileAttributes.class).fileKey()).isNotEqualTo(before);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(png))).isEqualTo("rw-rw-r--");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("shot.png");
        }
    }

    @Test
    void aGoScenarioIsDrawnToo() throws Exception {
        Path png = dir.resolve("go.png");
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"screenshot", "scenarios/spawn.go", "--at", "30", "-o", png.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), new ScreenshotCommand());
        assertThat(code).as(err.toString()).isZero();
        assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void aFileOfAnotherKindIsRefusedByName() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"screenshot", "README.md", "-o", dir.resolve("x.png").toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), new ScreenshotCommand());
        assertThat(code).isNotZero();
        assertThat(err.toString()).contains("README.md").contains("expected a .go or .json file");
    }
}
