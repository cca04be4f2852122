abstract class A {
  abstract m(): void;
  protected abstract n(): void;
  public abstract get g(): number;
  private o(): void;
  public async p(): Promise<void>;
  private q?(): void;
  o() {}
  async p() {}
}
