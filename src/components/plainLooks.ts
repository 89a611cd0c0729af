import { alpha, type Theme } from '@mui/material/styles';
import type { CSSObject } from '@emotion/react';

/**
 * Looks of MUI components for plain elements, for the style sheets of what every first visitor
 * meets (the cookie banner, the laboratory selector, home, the category tiles): they stay plain
 * elements under one sheet instead of bringing ButtonBase, its ripple, Card and their per-variant
 * styles to every page. The theme's global focus ring applies to them as to any element.
 *
 * MUI's text button, for a plain `<button>` or link.
 */
export function textButtonLook(theme: Theme): CSSObject {
  return {
    ...(theme.typography.button as CSSObject),
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: theme.spacing(1),
    minWidth: 64,
    minHeight: 48,
    margin: 0,
    padding: theme.spacing(0.75, 1),
    border: 0,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: 'transparent',
    color: theme.palette.primary.main,
    cursor: 'pointer',
    transition: theme.transitions.create(['background-color', 'box-shadow'], { duration: theme.transitions.duration.short }),
    '&:hover': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity) },
    '&:disabled': { color: theme.palette.action.disabled, cursor: 'default', backgroundColor: 'transparent', boxShadow: 'none' },
  };
}

/**
 * A filled button: `textButtonLook` with the primary colour as background (apply both). Flat, as the
 * theme's MUI buttons are (`disableElevation`).
 */
export function containedButtonLook(theme: Theme): CSSObject {
  return {
    padding: theme.spacing(0.75, 2),
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
    '&:hover': { backgroundColor: theme.palette.primary.dark },
    '&:disabled': { color: theme.palette.action.disabled, cursor: 'default', backgroundColor: theme.palette.action.disabledBackground, boxShadow: 'none' },
  };
}

/** An outlined card that is a link as a whole (MUI's outlined Card with a CardActionArea). */
export function cardLinkLook(theme: Theme): CSSObject {
  return {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: Number(theme.shape.borderRadius) * 2,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
  };
}
