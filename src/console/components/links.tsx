import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

// Router links that look like Mantine's anchors and buttons: typed `to` and `params`, and a real
// <a href> underneath (Mantine's Button renders a <button> unless told otherwise).

function ButtonAnchor(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />;
}

function AnchorElement(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor {...props} />;
}

export const ButtonLink = createLink(ButtonAnchor);
export const AnchorLink = createLink(AnchorElement);
