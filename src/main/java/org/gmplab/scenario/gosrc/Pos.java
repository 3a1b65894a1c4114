package org.gmplab.scenario.gosrc;

/**
 * A place in a Go source file: 1-based line and column. Columns count chars (a tab is one), where Go's
 * tools count bytes; for the ASCII that scenarios are written in they are the same.
 */
record Pos(int line, int col) implements Comparable<Pos> {

    @Override
    public int compareTo(Pos o) {
        return line != o.line ? Integer.compare(line, o.line) : Integer.compare(col, o.col);
    }

    boolean before(Pos o) { return compareTo(o) < 0; }

    @Override
    public String toString() { return line + ":" + col; }
}
