import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

/**
 * Draws GMP Lab's icon — a P with its ring of goroutines, the next to run in orange — and writes it in the three
 * forms jpackage takes: PNG (Linux), ICO (Windows) and ICNS (macOS), the last two holding PNGs as both
 * formats allow. Run from the project folder: {@code java src/dist/MakeIcons.java} (writes assets/icons/).
 */
public final class MakeIcons {
    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Path dir = Files.createDirectories(Path.of("assets/icons"));
        Files.write(dir.resolve("gmplab.png"), png(256));
        List<byte[]> ico = List.of(png(16), png(32), png(48), png(256));
        Files.write(dir.resolve("gmplab.ico"), ico(ico, new int[] {16, 32, 48, 256}));
        Files.write(dir.resolve("gmplab.icns"), icns(List.of("ic07", "ic08", "ic09"), List.of(png(128), png(256), png(512))));
    }

    static byte[] png(int size) throws IOException {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.scale(size / 256.0, size / 256.0);
        g.setColor(new Color(0x1f3b5c));
        g.fill(new RoundRectangle2D.Double(8, 8, 240, 240, 56, 56));
        // the P: a card in the middle
        g.setColor(new Color(0xf4f6f8));
        g.fill(new RoundRectangle2D.Double(88, 88, 80, 80, 18, 18));
        // its run queue: goroutines on a ring around it, the one that runs next in orange
        Color g1 = new Color(0x39c0a8), next = new Color(0xf2a03d);
        for (int i = 0; i < 8; i++) {
            double a = Math.PI / 2 + i * Math.PI / 4, cx = 128 + 86 * Math.cos(a), cy = 128 - 86 * Math.sin(a);
            g.setColor(i == 0 ? next : g1);
            g.fill(new Ellipse2D.Double(cx - 17, cy - 17, 34, 34));
        }
        if (size >= 32) {
            g.setColor(new Color(0x1f3b5c));
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 60));
            var fm = g.getFontMetrics();
            g.drawString("P", 128 - fm.stringWidth("P") / 2f, 128 + fm.getAscent() / 2.9f);
        }
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        return out.toByteArray();
    }

    /** ICO: a header, one 16-byte entry per size, then the PNGs (Windows Vista and later read PNG entries). */
    static byte[] ico(List<byte[]> pngs, int[] sizes) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        d.writeShort(0);
        d.writeShort(Short.reverseBytes((short) 1));
        d.writeShort(Short.reverseBytes((short) pngs.size()));
        int offset = 6 + 16 * pngs.size();
        for (int i = 0; i < pngs.size(); i++) {
            d.writeByte(sizes[i] >= 256 ? 0 : sizes[i]);
            d.writeByte(sizes[i] >= 256 ? 0 : sizes[i]);
            d.writeByte(0);
            d.writeByte(0);
            d.writeShort(Short.reverseBytes((short) 1));
            d.writeShort(Short.reverseBytes((short) 32));
            d.writeInt(Integer.reverseBytes(pngs.get(i).length));
            d.writeInt(Integer.reverseBytes(offset));
            offset += pngs.get(i).length;
        }
        for (byte[] p : pngs) d.write(p);
        return b.toByteArray();
    }

    /** ICNS: "icns", the total length, then one chunk (type, length, PNG) per size. Big-endian throughout. */
    static byte[] icns(List<String> types, List<byte[]> pngs) throws IOException {
        List<byte[]> chunks = new ArrayList<>();
        int total = 8;
        for (int i = 0; i < types.size(); i++) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            DataOutputStream d = new DataOutputStream(b);
            d.writeBytes(types.get(i));
            d.writeInt(8 + pngs.get(i).length);
            d.write(pngs.get(i));
            chunks.add(b.toByteArray());
            total += b.size();
        }
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        d.writeBytes("icns");
        d.writeInt(total);
        for (byte[] c : chunks) d.write(c);
        return b.toByteArray();
    }
}
