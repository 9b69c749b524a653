export async function sigkill(): Promise<string[]> {
  return ['not written yet'];
}
