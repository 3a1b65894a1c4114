package org.gmplab.scenario;

import java.util.List;
import java.util.Objects;

/** A named function: integer parameters and a body. {@code main} is the main goroutine's function. */
public record Function(String name, List<String> params, List<Stmt> body) {
    public Function {
        Objects.requireNonNull(name);
        params = List.copyOf(params);
        body = List.copyOf(body);
    }
}
