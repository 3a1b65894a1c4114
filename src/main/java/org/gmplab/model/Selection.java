package org.gmplab.model;

/** What the user has picked in the view: a goroutine, an M or a P, by id. */
public record Selection(Kind kind, long id) {
    public enum Kind { G, M, P }

    public Selection {
        java.util.Objects.requireNonNull(kind);
        if (id < 0) throw new IllegalArgumentException("id must be ≥ 0");
    }

    public static Selection g(long goid) { return new Selection(Kind.G, goid); }
    public static Selection m(int id) { return new Selection(Kind.M, id); }
    public static Selection p(int id) { return new Selection(Kind.P, id); }
}
