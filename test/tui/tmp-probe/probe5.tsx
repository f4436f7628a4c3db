import { render, Text, useInput } from 'ink';
import { useState } from 'react';
function A() {
  const [s, setS] = useState('');
  useInput((input) => setS((x) => x + input));
  return <Text>typed: {s} |</Text>;
}
render(<A />, { maxFps: 30 });
