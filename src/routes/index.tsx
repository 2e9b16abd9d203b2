import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  return <Text>Console screens arrive with their issues.</Text>;
}
