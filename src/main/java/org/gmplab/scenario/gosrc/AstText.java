package org.gmplab.scenario.gosrc;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Small syntactic questions about the tree: an expression's Go text (for messages), the names a
 * statement assigns, whether an expression has effects, and whether a loop body uses break or continue.
 * They are asked before a construct is lowered, to choose how to lower it.
 */
final class AstText {
    private AstText() { }

    /** An expression as Go would print it ({@code x + 1}, {@code time.Duration(n)}, {@code <-ch}). */
    static String of(Ast.ExprNode e) {
        StringBuilder out = new StringBuilder();
        write(e, out, 0);
        return out.length() > 60 ? out.substring(0, 57) + "..." : out.toString();
    }

    private static void write(Ast.ExprNode e, StringBuilder out, int depth) {
        if (depth > 20 || out.length() > 80) {
            out.append("...");
            return;
        }
        if (e instanceof Ast.Ident id) out.append(id.name());
        else if (e instanceof Ast.IntLit l) out.append(l.text());
        else if (e instanceof Ast.OtherLit l) out.append(l.text());
        else if (e instanceof Ast.Paren p) { out.append('('); write(p.x(), out, depth + 1); out.append(')'); }
        else if (e instanceof Ast.Selector s) { write(s.x(), out, depth + 1); out.append('.').append(s.sel().name()); }
        else if (e instanceof Ast.Call c) {
            write(c.fun(), out, depth + 1);
            out.append('(');
            for (int i = 0; i < c.args().size(); i++) {
                if (i > 0) out.append(", ");
                write(c.args().get(i), out, depth + 1);
            }
            out.append(')');
        } else if (e instanceof Ast.Unary u) { out.append(u.op()); write(u.x(), out, depth + 1); }
        else if (e instanceof Ast.Binary b) {
            write(b.x(), out, depth + 1);
            out.append(' ').append(b.op()).append(' ');
            write(b.y(), out, depth + 1);
        } else if (e instanceof Ast.FuncLit) out.append("func literal");
        else if (e instanceof Ast.TypeExpr t) out.append(type(t.type()));
        else if (e instanceof Ast.EmptyStructLit) out.append("struct{}{}");
    }

    static String type(Ast.TypeNode t) {
        if (t instanceof Ast.NamedType n) return (n.pkg() == null ? "" : n.pkg().name() + ".") + n.name().name();
        if (t instanceof Ast.ChanType c) return switch (c.dir()) {
            case BOTH -> "chan " + type(c.elem());
            case SEND -> "chan<- " + type(c.elem());
            case RECV -> "<-chan " + type(c.elem());
        };
        if (t instanceof Ast.PointerType p) return "*" + type(p.elem());
        return "struct{}";
    }

    // ---- names assigned ----

    /**
     * The names a block assigns after declaring them: by {@code =}, an assignment operator, {@code ++},
     * {@code --}, or a {@code :=} that redeclares a name of the same block. A {@code :=} or {@code var}
     * that declares a new variable is not an assignment. Nested function literals are not looked into
     * (they may not assign what they capture). {@code params} are declared in the block already.
     */
    static Set<String> assigned(List<String> params, Ast.Block body) {
        Scan scan = new Scan();
        scan.blocks.push(new HashSet<>(params));
        scan.stmts(body.stmts());
        return scan.out;
    }

    private static final class Scan {
        final Set<String> out = new HashSet<>();
        final java.util.Deque<Set<String>> blocks = new java.util.ArrayDeque<>();

        void stmts(List<Ast.StmtNode> stmts) {
            for (Ast.StmtNode s : stmts) stmt(s);
        }

        void nested(Runnable r) {
            blocks.push(new HashSet<>());
            r.run();
            blocks.pop();
        }

        void declare(Ast.ExprNode e) {
            if (e instanceof Ast.Ident id && !blocks.peek().add(id.name())) out.add(id.name());
        }

        void write(Ast.ExprNode e) {
            if (unparen(e) instanceof Ast.Ident id) out.add(id.name());
        }

        void stmt(Ast.StmtNode s) {
            if (s instanceof Ast.Assign a) {
                for (Ast.ExprNode l : a.lhs()) {
                    if (a.op().equals(":=")) declare(l);
                    else write(l);
                }
            } else if (s instanceof Ast.VarDecl d) {
                for (Ast.Ident id : d.names()) declare(id);
            } else if (s instanceof Ast.IncDec i) {
                write(i.target());
            } else if (s instanceof Ast.Block b) {
                nested(() -> stmts(b.stmts()));
            } else if (s instanceof Ast.If i) {
                nested(() -> {
                    if (i.init() != null) stmt(i.init());
                    stmt(i.then());
                    if (i.otherwise() != null) stmt(i.otherwise());
                });
            } else if (s instanceof Ast.For f) {
                nested(() -> {
                    if (f.init() != null) stmt(f.init());
                    if (f.post() != null) stmt(f.post());
                    stmt(f.body());
                });
            } else if (s instanceof Ast.ForRange r) {
                nested(() -> {
                    for (Ast.ExprNode k : java.util.Arrays.asList(r.key(), r.value())) {
                        if (k == null) continue;
                        if (r.define()) declare(k);
                        else write(k);
                    }
                    stmt(r.body());
                });
            } else if (s instanceof Ast.Select sel) {
                for (Ast.CommClause c : sel.clauses()) nested(() -> {
                    if (c.comm() != null) stmt(c.comm());
                    stmts(c.body());
                });
            }
        }
    }

    static List<String> paramNames(List<Ast.Param> params) {
        List<String> out = new java.util.ArrayList<>();
        for (Ast.Param p : params) if (p.name() != null) out.add(p.name().name());
        return out;
    }

    static Ast.ExprNode unparen(Ast.ExprNode e) {
        while (e instanceof Ast.Paren p) e = p.x();
        return e;
    }

    // ---- expressions ----

    /** True if evaluating {@code e} receives from a channel or calls something (make, a conversion). */
    static boolean hasEffects(Ast.ExprNode e) {
        if (e instanceof Ast.Unary u) return u.op().equals("<-") || hasEffects(u.x());
        if (e instanceof Ast.Binary b) return hasEffects(b.x()) || hasEffects(b.y());
        if (e instanceof Ast.Paren p) return hasEffects(p.x());
        if (e instanceof Ast.Selector s) return hasEffects(s.x());
        return e instanceof Ast.Call || e instanceof Ast.FuncLit;
    }

    /** True if {@code e} mentions one of {@code names} (a selector's field name does not count). */
    static boolean mentions(Ast.ExprNode e, Set<String> names) {
        if (e instanceof Ast.Ident id) return names.contains(id.name());
        if (e instanceof Ast.Unary u) return mentions(u.x(), names);
        if (e instanceof Ast.Binary b) return mentions(b.x(), names) || mentions(b.y(), names);
        if (e instanceof Ast.Paren p) return mentions(p.x(), names);
        if (e instanceof Ast.Selector s) return mentions(s.x(), names);
        if (e instanceof Ast.Call c) {
            if (mentions(c.fun(), names)) return true;
            for (Ast.ExprNode a : c.args()) if (mentions(a, names)) return true;
        }
        return false;
    }

    static Set<String> identifiers(Ast.ExprNode e) {
        Set<String> out = new HashSet<>();
        identifiers(e, out);
        return out;
    }

    private static void identifiers(Ast.ExprNode e, Set<String> out) {
        if (e instanceof Ast.Ident id) out.add(id.name());
        else if (e instanceof Ast.Unary u) identifiers(u.x(), out);
        else if (e instanceof Ast.Binary b) { identifiers(b.x(), out); identifiers(b.y(), out); }
        else if (e instanceof Ast.Paren p) identifiers(p.x(), out);
        else if (e instanceof Ast.Selector s) identifiers(s.x(), out);
        else if (e instanceof Ast.Call c) { identifiers(c.fun(), out); for (Ast.ExprNode a : c.args()) identifiers(a, out); }
    }

    // ---- break and continue ----

    /**
     * Whether {@code stmts} hold a {@code break} (or {@code continue}) that leaves the construct they are
     * the body of. A break inside a nested loop or select leaves that one instead; a continue inside a
     * nested select still continues the enclosing loop.
     */
    static boolean branches(List<Ast.StmtNode> stmts, String keyword) {
        for (Ast.StmtNode s : stmts) if (branches(s, keyword)) return true;
        return false;
    }

    private static boolean branches(Ast.StmtNode s, String keyword) {
        if (s instanceof Ast.Branch b) return b.keyword().equals(keyword);
        if (s instanceof Ast.Block b) return branches(b.stmts(), keyword);
        if (s instanceof Ast.If i) return branches(i.then(), keyword) || (i.otherwise() != null && branches(i.otherwise(), keyword));
        if (s instanceof Ast.Select sel && keyword.equals("continue")) {
            for (Ast.CommClause c : sel.clauses()) if (branches(c.body(), keyword)) return true;
        }
        return false; // loops (and, for break, selects) are the target of what they contain
    }
}
