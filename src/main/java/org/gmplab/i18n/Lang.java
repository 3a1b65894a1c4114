package org.gmplab.i18n;

/** The languages of the window and the lessons. */
public enum Lang { EN, ZH }
