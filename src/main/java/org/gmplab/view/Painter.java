package org.gmplab.view;

import javafx.scene.canvas.GraphicsContext;

/** One layer of the canvas. Painters run in order: cards, rings, tokens, labels, marks. */
public interface Painter {
    void paint(GraphicsContext g, Picture f);
}
